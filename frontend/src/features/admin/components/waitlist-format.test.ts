import { displayName, formatNetWorth } from './waitlist-format';

describe('waitlist formatting', () => {
  it('names an entry by its full name, else the part of the email before the at-sign, else Guest User', () => {
    expect(displayName({ fullName: 'Grace Kelly', email: 'grace@example.com' })).toBe('Grace Kelly');
    expect(displayName({ fullName: '  ', email: 'grace.kelly@example.com' })).toBe('grace.kelly');
    expect(displayName({ fullName: null, email: '' })).toBe('Guest User');
    expect(displayName({ fullName: null, email: '@example.com' })).toBe('Guest User');
  });

  it('shows net worth in millions with a plus sign, a dash when unknown', () => {
    expect(formatNetWorth(25)).toBe('$25M+');
    expect(formatNetWorth(0)).toBe('$0M+');
    expect(formatNetWorth(null)).toBe('—');
  });
});
