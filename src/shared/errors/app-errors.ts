/**
 * Errors application services throw. They carry the words a user should read; the /api filter
 * and the Remix actions turn them into responses.
 */
export class AppError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** Extra fields of the JSON answer (e.g. `title`, `requiresUpgrade`). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(message, 404);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You do not have access to this.') {
    super(message, 403);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Please sign in.') {
    super(message, 401);
  }
}

export type FieldErrors = Record<string, string[]>;

export class ValidationFailedError extends AppError {
  constructor(
    readonly fields: FieldErrors,
    message = 'Please correct the highlighted fields.',
  ) {
    super(message, 400);
  }
}

/*
 * The Remix server bundle has its own copy of this file, so `instanceof` fails across the two;
 * these checks go by name and shape instead.
 */
export function isAppError(error: unknown): error is AppError {
  return error instanceof Error && typeof (error as Partial<AppError>).status === 'number';
}

export function isValidationFailed(error: unknown): error is ValidationFailedError {
  return isAppError(error) && error.name === 'ValidationFailedError';
}

/** A request refused with a title and message the screen shows as they are (e.g. an upload). */
export class RefusedError extends AppError {
  constructor(
    status: 400 | 403 | 404 | 409 | 413 | 415,
    readonly title: string,
    message: string,
    details: Record<string, unknown> = {},
  ) {
    super(message, status, { title, ...details });
  }
}
