import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { FileStorage } from './file-storage';
import { LocalDiskStorage } from './local-disk-storage';

@Global()
@Module({
  providers: [
    {
      provide: FileStorage,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => new LocalDiskStorage(config.uploadsDir),
    },
  ],
  exports: [FileStorage],
})
export class StorageModule {}
