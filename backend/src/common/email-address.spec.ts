import { isDisposableEmail, normaliseEmail } from './email-address';

describe('normaliseEmail', () => {
  it.each([
    ['  Jane.Doe+club@GMail.com ', 'janedoe@gmail.com'],
    ['j.a.n.e@googlemail.com', 'jane@gmail.com'],
    ['jane+news@outlook.com', 'jane@outlook.com'],
    ['jane.doe@outlook.com', 'jane.doe@outlook.com'],
    ['jane-offers@yahoo.com', 'jane@yahoo.com'],
    ['Jane.Doe+x@Example.com', 'jane.doe+x@example.com'],
  ])('%s compares as %s', (typed, normalised) => {
    expect(normaliseEmail(typed)).toBe(normalised);
  });
});

describe('isDisposableEmail', () => {
  it('refuses the listed services and their subdomains, and keeps everyday providers', () => {
    expect(isDisposableEmail('someone@mailinator.com')).toBe(true);
    expect(isDisposableEmail('someone@inbox.mailinator.com')).toBe(true);
    expect(isDisposableEmail('someone@gmail.com')).toBe(false);
    expect(isDisposableEmail('someone@maison-fortuna.com')).toBe(false);
  });
});
