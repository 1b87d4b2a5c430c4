/** A short before/after of the fields an action changed: `{ status: ['pending', 'active'] }`. */
type AuditChanges = Record<string, [unknown, unknown]>;

/** Longer texts are cut: the log says what changed, it does not keep bodies. */
const LONGEST_TEXT = 120;

function shown(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value.length > LONGEST_TEXT ? `${value.slice(0, LONGEST_TEXT)}…` : value;
  return value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(shown(a)) === JSON.stringify(shown(b));

/** The `fields` whose value differs between `before` and `after` (every field of `after` when none are named). */
export function changesBetween<T extends object>(
  before: T,
  after: T,
  fields?: ReadonlyArray<keyof T & string>,
): AuditChanges {
  const changes: AuditChanges = {};
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  for (const field of fields ?? (Object.keys(a) as string[])) {
    if (!same(b[field], a[field])) changes[field] = [shown(b[field]), shown(a[field])];
  }
  return changes;
}

/** A created thing's `fields`, each from nothing to its value. */
export function created<T extends object>(after: T, fields: ReadonlyArray<keyof T & string>): AuditChanges {
  return changesBetween({} as T, after, fields);
}

/** A removed thing's `fields`, each from its value to nothing. */
export function removed<T extends object>(before: T, fields: ReadonlyArray<keyof T & string>): AuditChanges {
  return changesBetween(before, {} as T, fields);
}
