import { type ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
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
 * A DTO read on a hot path may offer `readPlainly`: the instance the pipe would make of a body
 * that plainly passes its rules (class-validator's own checks, called directly; unknown properties
 * dropped), or null to leave the body to class-validator, which answers every 400 and its
 * messages. Its machinery costs more than the checks themselves on every request.
 */
export interface PlainlyReadable {
  readPlainly(value: unknown): object | null;
}

class AppValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const reader = metadata.metatype as Partial<PlainlyReadable> | undefined;
    if (metadata.type === 'body' && typeof reader?.readPlainly === 'function') {
      const read = reader.readPlainly(value);
      if (read) return read;
    }
    return super.transform(value, metadata);
  }
}

/**
 * Validates DTOs and answers 400 with the first message (the spec's wording) plus a message
 * per field for forms. Unknown properties are stripped, not refused, so older clients keep working.
 */
export function createValidationPipe(): ValidationPipe {
  return new AppValidationPipe({
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
