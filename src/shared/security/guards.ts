import {
  ForbiddenException,
  Injectable,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { IS_PUBLIC, SKIP_CSRF } from './public.decorator';
import { isCsrfValid } from './csrf';

/** A missing, forged or stale CSRF token (sign-in forms turn it into a message on the form). */
export class CsrfRejectedException extends ForbiddenException {
  constructor() {
    super('Invalid or missing CSRF token. Reload the page and try again.');
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Every /api route needs a signed-in user unless marked @Public(). */
@Injectable()
export class SessionAuthGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    req.userId = req.session?.userId;
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic || req.userId) return true;
    throw new UnauthorizedException('Please sign in.');
  }
}

/** State-changing /api calls must carry the session's CSRF token. */
@Injectable()
export class CsrfGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (SAFE_METHODS.has(req.method)) return true;
    const skip = this.reflector.getAllAndOverride<boolean>(SKIP_CSRF, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (skip || isCsrfValid(req)) return true;
    throw new CsrfRejectedException();
  }
}
