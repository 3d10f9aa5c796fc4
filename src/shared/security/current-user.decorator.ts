import { createParamDecorator, UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/** The signed-in user's id (SessionAuthGuard has checked it exists). */
export const CurrentUserId = createParamDecorator((_: unknown, context: ExecutionContext) => {
  const req = context.switchToHttp().getRequest<Request>();
  if (!req.userId) throw new UnauthorizedException('Please sign in.');
  return req.userId;
});
