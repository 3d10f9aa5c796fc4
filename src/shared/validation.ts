import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import { ValidationFailedError, type FieldErrors } from './errors/app-errors';

/**
 * Validates untrusted input against a class-validator DTO. The same call serves /api controllers
 * and Remix actions, so the browser and the API get the same rules and messages.
 */
export async function validateInput<T extends object>(
  dto: ClassConstructor<T>,
  input: unknown,
): Promise<T> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new ValidationFailedError({ body: ['The request body must be a JSON object.'] });
  }
  const instance = plainToInstance(dto, input);
  const errors = await validate(instance, {
    whitelist: true,
    forbidNonWhitelisted: true,
    stopAtFirstError: true,
  });
  if (errors.length) throw new ValidationFailedError(fieldErrors(errors));
  return instance;
}

function fieldErrors(errors: ValidationError[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const error of errors) {
    const messages = Object.values(error.constraints ?? {}).map((m) =>
      m.startsWith('property ') ? `${error.property} is not a field that can be changed.` : m,
    );
    fields[error.property] = messages;
  }
  return fields;
}
