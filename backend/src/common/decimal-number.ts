/**
 * For class-transformer's @Transform: a number as JSON sends it, or the decimal text a form sends
 * ('40', '249.99', '-3'). Anything else, hex ('0x10'), exponents ('1e2'), 'Infinity' or blanks
 * included, is left as it came and fails the number rules with their readable message.
 */
export const decimalNumber = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\s*-?\d{1,15}(\.\d{1,15})?\s*$/.test(value) ? Number(value) : value;
