import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AppConfig } from '../../../shared/config/app-config';
import { Clock } from '../../../shared/clock/clock';
import { AppError, UnauthorizedError } from '../../../shared/errors/app-errors';
import { validateInput } from '../../../shared/validation';
import '../../../shared/security/session-types';
import { AdminAuditService } from './admin-audit.service';
import { AdminLoginDto } from './admin-inputs';
import { AdminPasswordService } from './admin-password.service';

export const INVALID_ADMIN_PASSWORD = 'Invalid admin password';

/**
 * Admin sign-in: the password opens the panel for ADMIN_SESSION_MINUTES in this browser's
 * session, under a new session id. A golfer's sign-in never sets it.
 */
@Injectable()
export class AdminSessionService {
  constructor(
    private readonly password: AdminPasswordService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly audit: AdminAuditService,
  ) {}

  async login(req: Request, actor: string): Promise<{ message: string; expiresAt: string }> {
    if (!this.password.enabled) {
      throw new AppError('The admin panel is off: ADMIN_PASSWORD is not set.', 503);
    }
    const { password } = await validateInput(AdminLoginDto, req.body);
    if (!(await this.password.matches(password))) {
      throw new UnauthorizedError(INVALID_ADMIN_PASSWORD);
    }
    const until = this.clock.now().getTime() + this.config.ADMIN_SESSION_MINUTES * 60_000;
    await renewSession(req);
    req.session.adminUntil = until;
    await new Promise<void>((resolve, reject) =>
      req.session.save((err) => (err ? reject(err) : resolve())),
    );
    await this.audit.record({ actor, action: 'login' });
    return { message: 'Signed in', expiresAt: new Date(until).toISOString() };
  }

  async logout(req: Request, actor: string): Promise<{ message: string }> {
    if (req.session?.adminUntil !== undefined) {
      delete req.session.adminUntil;
      await this.audit.record({ actor, action: 'logout' });
    }
    return { message: 'Signed out' };
  }
}

/** A new session id (no fixation), keeping a golfer's own sign-in in it. */
async function renewSession(req: Request): Promise<void> {
  const { userId, signedInAt, idToken, csrfToken } = req.session;
  await new Promise<void>((resolve, reject) =>
    req.session.regenerate((err) => (err ? reject(err) : resolve())),
  );
  Object.assign(req.session, { userId, signedInAt, idToken, csrfToken });
}
