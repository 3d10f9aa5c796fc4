import 'reflect-metadata';
import { Logger, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import bodyParser from 'body-parser';
import passport from 'passport';
import { AppModule } from './app.module';
import { AppConfig, ConfigError, loadConfig } from './shared/config/app-config';
import { loadDotEnv } from './shared/config/dotenv';
import { describeError } from './shared/errors/describe-error';
import { openDatabase } from './shared/database/database';
import { securityHeaders } from './shared/security/helmet';
import { sessionMiddleware } from './shared/security/session';
import { remixMiddleware } from './shared/web/remix-handler';
import { IdentityService } from './modules/identity/application/identity.service';
import { NotificationsService } from './modules/notifications/application/notifications.service';
import { SwingAnalysesService } from './modules/analysis/application/swing-analyses.service';
import { ExerciseLibraryService } from './modules/workout/application/exercise-library.service';
import { DailyWorkoutService } from './modules/workout/application/daily-workout.service';
import { PointsService } from './modules/gamification/application/points.service';
import { LeaderboardService } from './modules/gamification/application/leaderboard.service';
import { UploadQuotaService } from './modules/analysis/application/upload-quota.service';
import { BillingService } from './modules/billing/application/billing.service';

const LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];
const BODY_LIMIT = '100kb';

async function bootstrap(config: AppConfig) {
  const db = await openDatabase(config);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, db.url), {
    bodyParser: false,
    logger: LEVELS.slice(0, LEVELS.indexOf(config.LOG_LEVEL) + 1),
  });
  app.set('trust proxy', config.TRUST_PROXY_HOPS);
  app.disable('x-powered-by');
  app.use(securityHeaders(config));
  app.use(sessionMiddleware(config, db.pool));
  app.use(passport.initialize());
  // Stripe signs the exact bytes it sent: the webhook keeps its raw body (json then skips it).
  app.use('/api/webhooks/stripe', bodyParser.raw({ type: '*/*', limit: '1mb' }));
  // The admin's edited video workbook arrives as the file's own bytes.
  app.use('/api/admin/videos/import', bodyParser.raw({ type: '*/*', limit: '5mb' }));
  // Only /api bodies are parsed here: Remix reads its own request bodies.
  app.use('/api', bodyParser.json({ limit: BODY_LIMIT }));
  app.use('/api', bodyParser.urlencoded({ extended: false, limit: BODY_LIMIT }));
  app.setGlobalPrefix('api');
  app.use(
    remixMiddleware(config, {
      identity: app.get(IdentityService),
      notifications: app.get(NotificationsService),
      analyses: app.get(SwingAnalysesService),
      uploadQuotas: app.get(UploadQuotaService),
      exercises: app.get(ExerciseLibraryService),
      dailyWorkouts: app.get(DailyWorkoutService),
      points: app.get(PointsService),
      leaderboard: app.get(LeaderboardService),
      billing: app.get(BillingService),
    }),
  );
  app.enableShutdownHooks();
  await app.listen(config.PORT, config.HOST);
  new Logger('Bootstrap').log(`serving on ${config.PUBLIC_URL} (port ${config.PORT})`);

  const shutdown = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown());
  process.once('SIGINT', () => void shutdown());
}

function main() {
  loadDotEnv();
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  bootstrap(config).catch((error: unknown) => {
    new Logger('Bootstrap').fatal(describeError(error));
    process.exit(1);
  });
}

main();
