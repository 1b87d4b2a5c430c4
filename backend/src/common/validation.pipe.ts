import { ValidationError, ValidationPipe } from '@nestjs/common';
import { AppError } from './app-error';

function flatten(errors: ValidationError[], parent = ''): Array<[string, string]> {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = error.constraints ? Object.values(error.constraints) : [];
    // The last constraint declared on a property is reported first by class-validator;
    // messages are written so any of them reads well on its own.
    const mine: Array<[string, string]> = own.length ? [[path, own[own.length - 1]]] : [];
    return [...mine, ...flatten(error.children ?? [], path)];
  });
}

/**
 * Validates DTOs and answers 400 with the first message (the spec's wording) plus a message
 * per field for forms. Unknown properties are stripped, not refused, so older clients keep working.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => {
      const fields = Object.fromEntries(flatten(errors));
      const first = Object.values(fields)[0] ?? 'Invalid request.';
      return AppError.badRequest(first, fields);
    },
  });
}
