import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { Clock, FileClock, SystemClock } from './clock';

@Global()
@Module({
  providers: [
    {
      provide: Clock,
      inject: [AppConfig],
      useFactory: (config: AppConfig): Clock =>
        config.TEST_CLOCK_FILE ? new FileClock(config.TEST_CLOCK_FILE) : new SystemClock(),
    },
  ],
  exports: [Clock],
})
export class ClockModule {}
