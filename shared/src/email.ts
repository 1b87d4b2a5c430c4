import isEmail from 'validator/lib/isEmail';
import isLength from 'validator/lib/isLength';

/**
 * The api's email check: class-validator's IsEmail is validator's isEmail with its defaults, and
 * the address fits the 254 characters a mailbox may have (MaxLength counts as isLength does).
 */
export function isValidEmail(value: string): boolean {
  return isEmail(value) && isLength(value, { max: 254 });
}
