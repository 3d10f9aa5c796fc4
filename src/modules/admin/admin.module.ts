import { Module, type DynamicModule } from '@nestjs/common';
import { GamificationModule } from '../gamification/gamification.module';
import { IdentityModule } from '../identity/identity.module';
import { AdminAuditService } from './application/admin-audit.service';
import { AdminPasswordService } from './application/admin-password.service';
import { AdminSessionService } from './application/admin-session.service';
import { AdminUsersService } from './application/admin-users.service';
import { VideoDatabaseService } from './application/video-database.service';
import { AdminController } from './http/admin.controller';
import { AdminGuard } from './http/admin.guard';

/**
 * Issue 16: the operator's panel. It reads and resets other modules' state only through their
 * exported services; `analysis` and `workout` are the app's single instances of those modules.
 */
@Module({})
export class AdminModule {
  static forRoot(analysis: DynamicModule, workout: DynamicModule): DynamicModule {
    return {
      module: AdminModule,
      imports: [IdentityModule, GamificationModule, analysis, workout],
      controllers: [AdminController],
      providers: [
        AdminPasswordService,
        AdminSessionService,
        AdminAuditService,
        AdminUsersService,
        VideoDatabaseService,
        AdminGuard,
      ],
    };
  }
}
