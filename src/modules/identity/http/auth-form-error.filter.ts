import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { AppError, ValidationFailedError } from '../../../shared/errors/app-errors';
import { CsrfRejectedException } from '../../../shared/security/guards';
import { wantsJson } from './auth-http';

const TOO_MANY = 'Too many sign-in attempts. Please wait a minute and try again.';
const STALE_FORM = 'Your session expired. Please try again.';

/**
 * Sign-in and sign-up are plain HTML form posts: a failure goes back to the form with a one-shot
 * message in the session (keeping the email typed); JSON clients get a JSON error instead.
 */
@Catch(AppError, ThrottlerException, CsrfRejectedException)
export class AuthFormErrorFilter implements ExceptionFilter {
  catch(error: AppError | HttpException, host: ArgumentsHost) {
    const req = host.switchToHttp().getRequest<Request>();
    const res = host.switchToHttp().getResponse<Response>();
    const status = error instanceof AppError ? error.status : error.getStatus();
    const message =
      error instanceof ThrottlerException
        ? TOO_MANY
        : error instanceof CsrfRejectedException && !wantsJson(req)
          ? STALE_FORM
          : error.message;
    const fields = error instanceof ValidationFailedError ? error.fields : undefined;

    if (wantsJson(req)) {
      res
        .status(status)
        .json({ statusCode: status, message, ...(fields ? { errors: fields } : {}) });
      return;
    }
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (req.session) {
      req.session.flash = {
        error: message,
        fields,
        email: typed(body['email'], 254),
        firstName: typed(body['firstName'], 100),
        lastName: typed(body['lastName'], 100),
      };
    }
    const target = req.path.endsWith('/signup') ? '/signup' : '/login';
    // Save before redirecting: a browser may follow the 303 before express-session's own save
    // at the end of the response has finished, and would then miss the message.
    if (req.session) req.session.save(() => res.redirect(303, target));
    else res.redirect(303, target);
  }
}

function typed(value: unknown, max: number): string | undefined {
  return typeof value === 'string' ? value.slice(0, max) : undefined;
}
