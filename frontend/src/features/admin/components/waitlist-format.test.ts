import { displayName, formatCreated, formatNetWorth } from './waitlist-format';

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

  it("shows the created date, or 'Invalid date' when it cannot be read", () => {
    expect(formatCreated('2026-11-20T10:00:00.000Z')).toBe('Nov 20, 2026');
    expect(formatCreated('not a date')).toBe('Invalid date');
    expect(formatCreated('')).toBe('Invalid date');
    expect(formatCreated(null)).toBe('Invalid date');
  });
});
