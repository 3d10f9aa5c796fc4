import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { AppError, ValidationFailedError } from './app-errors';

/** Application errors become JSON with the user-facing message (and field messages for 400). */
@Catch(AppError)
export class AppErrorFilter implements ExceptionFilter {
  catch(error: AppError, host: ArgumentsHost) {
    const res = host.switchToHttp().getResponse<Response>();
    res.status(error.status).json({
      statusCode: error.status,
      ...error.details,
      message: error.message,
      ...(error instanceof ValidationFailedError ? { errors: error.fields } : {}),
    });
  }
}
