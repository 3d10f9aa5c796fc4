import {
  Injectable,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { Request } from 'express';
import { Clock } from '../../../shared/clock/clock';
import '../../../shared/security/session-types';

/** Admin routes: only a browser that signed in with the admin password, until it expires. */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(private readonly clock: Clock) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    const until = req.session?.adminUntil;
    if (typeof until === 'number' && this.clock.now().getTime() < until) return true;
    if (req.session && until !== undefined) delete req.session.adminUntil;
    throw new UnauthorizedException('Admin sign-in required.');
  }
}

/** Who did it, for the audit log: the admin panel has one password, so the client it came from. */
export const adminActor = (req: Request): string => `admin from ${req.ip ?? 'unknown'}`;
