/**
 * `npm run worker`: a process that runs queued swing analyses from Redis (REDIS_URL) and nothing
 * else. Start any number of them, on any machine that reaches the database, Redis and the
 * uploads folder.
 */
import 'reflect-metadata';
import { Logger, Module, type DynamicModule, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { AnalysisModule } from './modules/analysis/analysis.module';
import { AppConfig, ConfigError, loadConfig } from './shared/config/app-config';
import { ConfigModule } from './shared/config/config.module';
import { loadDotEnv } from './shared/config/dotenv';
import { describeError } from './shared/errors/describe-error';
import { ClockModule } from './shared/clock/clock.module';
import { migrate } from './shared/database/database';
import { ormConfig } from './shared/database/mikro-orm.config';
import { StorageModule } from './shared/storage/storage.module';

const LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

@Module({})
class WorkerModule {
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(config),
        MikroOrmModule.forRoot({ ...ormConfig(databaseUrl), registerRequestContext: false }),
        ClockModule,
        StorageModule,
        AnalysisModule.forRoot(config, 'worker'),
      ],
    };
  }
}

async function main() {
  loadDotEnv();
  let config: AppConfig;
  try {
    config = loadConfig();
    if (!config.REDIS_URL || !config.DATABASE_URL) {
      throw new ConfigError(
        'npm run worker needs REDIS_URL and DATABASE_URL (without Redis the web app runs analyses itself)',
      );
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  await migrate(config.DATABASE_URL);
  const app = await NestFactory.createApplicationContext(
    WorkerModule.forRoot(config, config.DATABASE_URL),
    { logger: LEVELS.slice(0, LEVELS.indexOf(config.LOG_LEVEL) + 1) },
  );
  app.enableShutdownHooks();
  new Logger('Worker').log(`running analyses (concurrency ${config.ANALYSIS_CONCURRENCY})`);
}

main().catch((error: unknown) => {
  new Logger('Worker').fatal(describeError(error));
  process.exit(1);
});
