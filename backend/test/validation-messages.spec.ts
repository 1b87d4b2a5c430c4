import { getMetadataStorage, ValidationTypes, type ValidationArguments } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
// Every module, so every DTO its controllers validate is declared.
import '../src/app.module';
import { Environment } from '../src/config/environment';

/** What a rule answers when it fails, as the validation pipe would show it. */
function messageOf(rule: ValidationMetadata): string {
  if (typeof rule.message === 'string') return rule.message;
  const args = { property: rule.propertyName, constraints: rule.constraints, value: undefined } as ValidationArguments;
  if (typeof rule.message === 'function') return rule.message(args);
  if (rule.type === ValidationTypes.CUSTOM_VALIDATION && rule.constraintCls) {
    const constraint = new (rule.constraintCls as new () => { defaultMessage?(a: ValidationArguments): string })();
    return constraint.defaultMessage?.(args) ?? '';
  }
  return '';
}

/**
 * Every message a person may see is readable English in the spec's style: no class-validator
 * default ('description must be a string') reaches anyone. A DTO added later is checked too.
 */
describe('Validation messages', () => {
  it('gives every rule of every DTO a message of its own', () => {
    const storage = getMetadataStorage() as unknown as { validationMetadatas: Map<unknown, ValidationMetadata[]> };
    const silent = [ValidationTypes.CONDITIONAL_VALIDATION, ValidationTypes.WHITELIST];
    const defaults: string[] = [];
    for (const [target, rules] of storage.validationMetadatas) {
      // The settings' messages are read by operators, and name the variable on purpose.
      if (target === Environment) continue;
      for (const rule of rules) {
        if (silent.includes(rule.type)) continue;
        const message = messageOf(rule);
        // The spec's messages are sentences: a lower-case start is a field name ('sessionId is too long').
        if (!/^[A-Z]/.test(message) || message.includes('$property')) {
          defaults.push(`${(target as { name: string }).name}.${rule.propertyName} (${rule.name ?? rule.type})`);
        }
      }
    }
    expect(storage.validationMetadatas.size).toBeGreaterThan(10);
    expect(defaults).toEqual([]);
  });
});
