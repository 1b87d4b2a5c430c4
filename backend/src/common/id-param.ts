import { AppError } from './app-error';

/** A numeric id from the path; anything else is simply not found (never a database error). */
export function idParam(value: string, what: string): number {
  const id = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw AppError.notFound(`${what} not found`);
  return id;
}
