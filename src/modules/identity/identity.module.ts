import { Module } from '@nestjs/common';
import { AppConfig } from '../../shared/config/app-config';
import { IdentityService } from './application/identity.service';
import { AttemptLimiter, PasswordHashing, SessionRevocation } from './application/ports';
import { Argon2PasswordHasher } from './infrastructure/password-hasher';
import { ThrottlerAttemptLimiter } from './infrastructure/attempt-limiter';
import { PgSessionRevocation } from './infrastructure/pg-session-revocation';
import { OidcClient, OidcStrategy } from './infrastructure/oidc';
import { AuthController } from './http/auth.controller';
import { UsersController } from './http/users.controller';

@Module({
  controllers: [AuthController, UsersController],
  providers: [
    IdentityService,
    { provide: PasswordHashing, useClass: Argon2PasswordHasher },
    { provide: AttemptLimiter, useClass: ThrottlerAttemptLimiter },
    { provide: SessionRevocation, useClass: PgSessionRevocation },
    { provide: OidcClient, inject: [AppConfig], useFactory: OidcClient.discover },
    {
      // Registers the passport strategy when OIDC is configured.
      provide: OidcStrategy,
      inject: [OidcClient, AppConfig, IdentityService],
      useFactory: (oidc: OidcClient, config: AppConfig, identity: IdentityService) =>
        oidc.configuration ? new OidcStrategy(oidc.configuration, config, identity) : null,
    },
  ],
  exports: [IdentityService],
})
export class IdentityModule {}
