/** What class-transformer's @Transform hands a field. */
type Given = { value: unknown };

/** @Transform for a text field: the words without the spaces around them. */
export const trimmed = ({ value }: Given): unknown => (typeof value === 'string' ? value.trim() : value);

/** @Transform for an optional filter: trimmed, and left out when nothing is left. */
export const trimmedOrAbsent = ({ value }: Given): unknown => {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return text === '' ? undefined : text;
};
