import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { ScheduleModule } from '@nestjs/schedule';
import { ThrottlerModule } from '@nestjs/throttler';
import { AppConfig } from './shared/config/app-config';
import { ConfigModule } from './shared/config/config.module';
import { ormConfig } from './shared/database/mikro-orm.config';
import { AppErrorFilter } from './shared/errors/app-error.filter';
import { CsrfGuard, SessionAuthGuard } from './shared/security/guards';
import { IdentityModule } from './modules/identity/identity.module';
import { NotificationsModule } from './modules/notifications/notifications.module';
import { AnalysisModule } from './modules/analysis/analysis.module';
import { WorkoutModule } from './modules/workout/workout.module';
import { GamificationModule } from './modules/gamification/gamification.module';
import { BillingModule } from './modules/billing/billing.module';
import { AdminModule } from './modules/admin/admin.module';
import { ClockModule } from './shared/clock/clock.module';
import { DomainEventsModule } from './shared/events/domain-events';
import { StorageModule } from './shared/storage/storage.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    // One AnalysisModule instance, shared with the modules that read it.
    const analysis = AnalysisModule.forRoot(config, 'web');
    const workout = WorkoutModule.forRoot(analysis);
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        MikroOrmModule.forRoot({ ...ormConfig(databaseUrl), registerRequestContext: false }),
        ThrottlerModule.forRoot({
          throttlers: [
            { name: 'login', ttl: 60_000, limit: config.LOGIN_RATE_LIMIT },
            { name: 'admin', ttl: 60_000, limit: config.ADMIN_LOGIN_RATE_LIMIT },
          ],
        }),
        ClockModule,
        StorageModule,
        DomainEventsModule,
        IdentityModule,
        NotificationsModule,
        analysis,
        ScheduleModule.forRoot(),
        GamificationModule,
        workout,
        BillingModule,
        AdminModule.forRoot(analysis, workout),
      ],
      providers: [
        { provide: APP_GUARD, useClass: SessionAuthGuard },
        { provide: APP_GUARD, useClass: CsrfGuard },
        { provide: APP_FILTER, useClass: AppErrorFilter },
      ],
    };
  }
}
