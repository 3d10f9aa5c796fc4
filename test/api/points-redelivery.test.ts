import { NestFactory } from '@nestjs/core';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import type { INestApplicationContext } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { ThrottlerModule } from '@nestjs/throttler';
import { Client } from 'pg';
import { loadConfig } from '../../src/shared/config/app-config';
import { ConfigModule } from '../../src/shared/config/config.module';
import { ClockModule } from '../../src/shared/clock/clock.module';
import { ormConfig } from '../../src/shared/database/mikro-orm.config';
import { DomainEvents, DomainEventsModule } from '../../src/shared/events/domain-events';
import { GamificationModule } from '../../src/modules/gamification/gamification.module';
import { startApp, type RunningApp } from '../support/app-server';
import { HOOK_TIMEOUT } from '../support/readiness';
import { signUpUser } from '../support/users';

/**
 * Issue 14, check 3: the +10 of an upload is keyed by the analysis, so an
 * `analysis.upload-succeeded` event delivered again (a retry, a second listener run, two at
 * once) awards once. The real gamification module listens here, on the app's database.
 */
describe('a re-delivered upload event', () => {
  let app: RunningApp;
  let db: Client;
  let context: INestApplicationContext;

  beforeAll(async () => {
    app = await startApp(); // migrates the database
    db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
    const config = loadConfig({ ...process.env, DATABASE_URL: app.databaseUrl });
    // What the listener needs: config, database, clock, events and gamification (whose identity
    // dependency brings its sign-in throttler).
    class RedeliveryTestModule {}
    context = await NestFactory.createApplicationContext(
      {
        module: RedeliveryTestModule,
        imports: [
          ConfigModule.forRoot(config),
          MikroOrmModule.forRoot({ ...ormConfig(app.databaseUrl), registerRequestContext: false }),
          ThrottlerModule.forRoot({ throttlers: [{ name: 'login', ttl: 60_000, limit: 10 }] }),
          ClockModule,
          DomainEventsModule,
          ScheduleModule.forRoot(),
          GamificationModule,
        ],
      },
      { logger: ['error'], abortOnError: false },
    );
  }, HOOK_TIMEOUT);

  afterAll(async () => {
    await context?.close();
    await db?.end();
    await app?.stop();
  }, HOOK_TIMEOUT);

  it('awards 10 points once', async () => {
    const golfer = await signUpUser(app.url);
    const analysisId = crypto.randomUUID();
    const events = context.get(DomainEvents);
    const event = {
      analysisId,
      userId: golfer.user.id,
      club: 'driver' as const,
      occurredAt: new Date(),
    };
    await events.publish('analysis.upload-succeeded', event);
    await events.publish('analysis.upload-succeeded', event);
    await Promise.all(
      Array.from({ length: 5 }, () => events.publish('analysis.upload-succeeded', event)),
    );
    const { rows } = await db.query<{ points: number }>(
      `select points from points_awards where user_id = $1 and reason = 'swing_upload'`,
      [golfer.user.id],
    );
    expect(rows).toEqual([{ points: 10 }]);
    const monthly = await db.query<{ points: number }>(
      'select points from monthly_points where user_id = $1',
      [golfer.user.id],
    );
    expect(monthly.rows).toEqual([{ points: 10 }]);
    const firsts = await db.query(
      `select 1 from notifications where user_id = $1 and type = 'achievement'`,
      [golfer.user.id],
    );
    expect(firsts.rows).toHaveLength(1);
  });
});
