import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatDate,
  formatDateTime,
  formatEventTime,
  formatGuestCount,
  formatMoney,
  formatMoneyFigure,
  formatTime,
  venueClock,
  venueInstant,
} from '@maison/shared';

// The formats the site, the admin, the guest pages and the emails share (shared/src/formats.ts).

describe('times', () => {
  it('read on one 24-hour clock', () => {
    expect(formatClock('19:00')).toBe('19:00');
    expect(formatClock('9:05')).toBe('09:05');
    expect(formatClock('23:30:00')).toBe('23:30');
    expect(formatClock('soon')).toBe('soon');
    expect(formatTime('2026-12-10T00:30:00Z', 'UTC')).toBe('00:30');
    expect(formatTime('2026-12-10T19:30:00Z', 'UTC')).toBe('19:30');
    expect(formatTime('never')).toBe('Invalid date');
  });

  it("give an event's hours on the venue's clock, naming its zone as it is on the day", () => {
    const gala = { date: '2026-12-12', startTime: '19:00', endTime: '23:00', timeZone: 'Europe/Monaco' };
    expect(formatEventTime(gala)).toBe('19:00 – 23:00 CET');
    expect(formatEventTime({ ...gala, date: '2026-07-04' })).toBe('19:00 – 23:00 CEST');
    expect(formatEventTime({ ...gala, timeZone: 'America/New_York' })).toBe('19:00 – 23:00 EST');
    expect(formatEventTime({ ...gala, timeZone: 'UTC' })).toBe('19:00 – 23:00 UTC');
    expect(formatEventTime({ ...gala, endTime: null })).toBe('19:00 CET');
  });

  it('name a zone this runtime does not know as it is stored', () => {
    expect(
      formatEventTime({ date: '2026-12-12', startTime: '19:00', endTime: '23:00', timeZone: 'Europe/Atlantis' }),
    ).toBe('19:00 – 23:00 Europe/Atlantis');
  });
});

describe('dates', () => {
  it("read an event's calendar day as that day wherever it is read", () => {
    expect(formatDate('2026-12-12', 'long')).toBe('Saturday, December 12, 2026');
    expect(formatDate('2026-12-12')).toBe('Dec 12, 2026');
    expect(formatDate('2026-12-12', 'short')).toBe('Dec 12');
  });

  it("read an instant on the given zone's clock", () => {
    expect(formatDate('2026-12-11T02:00:00Z', 'long', 'America/New_York')).toBe('Thursday, December 10, 2026');
    expect(formatDate(new Date('2026-12-11T02:00:00Z'), 'medium', 'Asia/Tokyo')).toBe('Dec 11, 2026');
  });

  it("say 'Invalid date' for what cannot be read, as the spec does", () => {
    expect(formatDate('2026-13-45')).toBe('Invalid date');
    expect(formatDate('')).toBe('Invalid date');
    expect(formatDate(null)).toBe('Invalid date');
    expect(formatDateTime(undefined)).toBe('Invalid date');
  });
});

describe('an instant with its date and time', () => {
  it("reads a deadline on the venue's clock, whatever the reader's, naming the zone", () => {
    const deadline = '2026-12-11T00:00:00.000Z';
    expect(formatDateTime(deadline, { style: 'long', timeZone: 'America/New_York', nameZone: true })).toBe(
      'Thursday, December 10, 2026 at 19:00 EST',
    );
    expect(formatDateTime('2026-12-10T18:00:00Z', { style: 'long', timeZone: 'Europe/Monaco', nameZone: true })).toBe(
      'Thursday, December 10, 2026 at 19:00 CET',
    );
    expect(formatDateTime('2026-12-10T18:00:00Z', { style: 'long', timeZone: 'Europe/Monaco' })).toBe(
      'Thursday, December 10, 2026 at 19:00',
    );
  });

  it('reads a zone this runtime does not know as UTC, and says so', () => {
    expect(formatDateTime('2026-12-10T19:00:00Z', { style: 'long', timeZone: 'Europe/Atlantis', nameZone: true })).toBe(
      'Thursday, December 10, 2026 at 19:00 UTC',
    );
  });

  it('reads a moment in a table as a short date and the time', () => {
    expect(formatDateTime('2026-12-12T20:15:00Z', { timeZone: 'UTC' })).toBe('Dec 12, 2026 at 20:15');
    expect(formatDateTime('2026-12-12T20:15:00Z', { style: 'short', timeZone: 'UTC' })).toBe('Dec 12 at 20:15');
  });
});

describe("a venue's clock", () => {
  it('turns the day and time an event is entered with into its instant, and back', () => {
    expect(venueInstant('2026-12-05', '19:00', 'America/New_York')).toEqual(new Date('2026-12-06T00:00:00Z'));
    expect(venueClock(new Date('2026-12-06T00:00:00Z'), 'America/New_York')).toEqual({
      date: '2026-12-05',
      time: '19:00',
    });
  });
});

describe('money', () => {
  it('reads as the currency code and the amount with its decimals', () => {
    expect(formatMoney(250, 'EUR')).toBe('EUR 250.00');
    expect(formatMoney(48000, 'eur')).toBe('EUR 48,000.00');
    expect(formatMoney(1250.5, 'usd')).toBe('USD 1,250.50');
    expect(formatMoney(99.5, 'GBP')).toBe('GBP 99.50');
    expect(formatMoney(10, null)).toBe('USD 10.00');
  });

  it('has no decimals in yen', () => {
    expect(formatMoney(12000, 'JPY')).toBe('JPY 12,000');
    expect(formatMoney(24000, 'jpy')).toBe('JPY 24,000');
  });

  it('gives the figure alone for a column that names the currency', () => {
    expect(formatMoneyFigure(1250, 'CHF')).toBe('1,250.00');
    expect(formatMoneyFigure(1250, 'JPY')).toBe('1,250');
  });
});

describe('party sizes', () => {
  it("read as the spec's guest count, and in lower case inside a sentence", () => {
    expect(formatGuestCount(1)).toBe('1 Guest');
    expect(formatGuestCount(3)).toBe('3 Guests');
    expect(formatGuestCount(1, 'sentence')).toBe('1 guest');
    expect(formatGuestCount(2, 'sentence')).toBe('2 guests');
  });
});
