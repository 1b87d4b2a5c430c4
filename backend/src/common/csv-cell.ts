/** A CSV cell, quoted, with spreadsheet formulas defused (phone numbers like +44 stay as they are). */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=@\t\r]/.test(text) || (/^[+-]/.test(text) && !/^[+-][\d\s().-]*$/.test(text))) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}
