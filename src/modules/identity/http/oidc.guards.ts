import { Injectable, NotFoundException, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { AppConfig } from '../../../shared/config/app-config';
import { UnauthorizedError } from '../../../shared/errors/app-errors';
import { OIDC_STRATEGY } from '../infrastructure/oidc';

/** GET /api/login: redirects to the identity provider when OIDC is configured, else lets through. */
@Injectable()
export class OidcLoginGuard extends AuthGuard(OIDC_STRATEGY) {
  constructor(private readonly config: AppConfig) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    return this.config.oidcEnabled ? super.canActivate(context) : true;
  }
}

/** GET /api/callback: completes the code flow (state, PKCE verifier, ID token checks). */
@Injectable()
export class OidcCallbackGuard extends AuthGuard(OIDC_STRATEGY) {
  constructor(private readonly config: AppConfig) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    if (!this.config.oidcEnabled) throw new NotFoundException();
    return super.canActivate(context);
  }

  override handleRequest<T>(err: unknown, user: T): T {
    if (err || !user) {
      throw new UnauthorizedError('Sign-in did not complete. Please try again.');
    }
    return user;
  }
}
