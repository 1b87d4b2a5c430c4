import {
  eventEndsAt,
  eventStartsAt,
  isTimeZone,
  reminderDueAt,
  rsvpDeadlineOf,
  timeZoneSpelling,
  venueClock,
  venueInstant,
} from './event-schedule';

const at = (iso: string) => new Date(iso);

describe('a venue’s clock in its time zone', () => {
  it('reads a New York evening as the next day in UTC, in winter and in summer', () => {
    expect(venueInstant('2026-12-05', '19:00', 'America/New_York')).toEqual(at('2026-12-06T00:00:00Z'));
    expect(venueInstant('2026-07-04', '19:00', 'America/New_York')).toEqual(at('2026-07-04T23:00:00Z'));
    expect(venueInstant('2026-12-05', '19:00', 'Europe/Monaco')).toEqual(at('2026-12-05T18:00:00Z'));
    expect(venueInstant('2026-12-05', '19:00', 'UTC')).toEqual(at('2026-12-05T19:00:00Z'));
    expect(venueInstant('2026-12-05', '19:00', 'Asia/Kolkata')).toEqual(at('2026-12-05T13:30:00Z'));
  });

  it('follows Europe’s clocks going forward: the evening is in summer time, a skipped time lands after the change', () => {
    // 29 March 2026: at 02:00 CET the clocks jump to 03:00 CEST.
    expect(venueInstant('2026-03-28', '19:00', 'Europe/Monaco')).toEqual(at('2026-03-28T18:00:00Z'));
    expect(venueInstant('2026-03-29', '01:30', 'Europe/Monaco')).toEqual(at('2026-03-29T00:30:00Z'));
    expect(venueInstant('2026-03-29', '02:30', 'Europe/Monaco')).toEqual(at('2026-03-29T01:30:00Z'));
    expect(venueClock(at('2026-03-29T01:30:00Z'), 'Europe/Monaco')).toEqual({ date: '2026-03-29', time: '03:30' });
    expect(venueInstant('2026-03-29', '03:00', 'Europe/Monaco')).toEqual(at('2026-03-29T01:00:00Z'));
    expect(venueInstant('2026-03-29', '19:00', 'Europe/Monaco')).toEqual(at('2026-03-29T17:00:00Z'));
  });

  it('follows Europe’s clocks going back: a time that happens twice is the first one', () => {
    // 25 October 2026: at 03:00 CEST the clocks go back to 02:00 CET.
    expect(venueInstant('2026-10-25', '01:59', 'Europe/Monaco')).toEqual(at('2026-10-24T23:59:00Z'));
    expect(venueInstant('2026-10-25', '02:30', 'Europe/Monaco')).toEqual(at('2026-10-25T00:30:00Z'));
    expect(venueInstant('2026-10-25', '03:00', 'Europe/Monaco')).toEqual(at('2026-10-25T02:00:00Z'));
    expect(venueInstant('2026-10-25', '19:00', 'Europe/Monaco')).toEqual(at('2026-10-25T18:00:00Z'));
  });

  it('follows America’s own day for the change', () => {
    // 8 March 2026 in New York: 02:00 EST becomes 03:00 EDT (Europe changes three weeks later).
    expect(venueInstant('2026-03-08', '19:00', 'America/New_York')).toEqual(at('2026-03-08T23:00:00Z'));
    expect(venueInstant('2026-03-07', '19:00', 'America/New_York')).toEqual(at('2026-03-08T00:00:00Z'));
    expect(venueInstant('2026-03-08', '19:00', 'Europe/London')).toEqual(at('2026-03-08T19:00:00Z'));
  });

  it('answers an Invalid Date for a date or time it cannot read', () => {
    expect(Number.isNaN(venueInstant('2026-12-5', '19:00', 'UTC').getTime())).toBe(true);
    expect(Number.isNaN(venueInstant('2026-12-05', '', 'Europe/Monaco').getTime())).toBe(true);
  });

  it('reads an instant back as the venue’s day and time', () => {
    expect(venueClock(at('2026-12-06T00:00:00Z'), 'America/New_York')).toEqual({ date: '2026-12-05', time: '19:00' });
    expect(venueClock(at('2026-12-05T18:00:00Z'), 'Europe/Monaco')).toEqual({ date: '2026-12-05', time: '19:00' });
  });
});

describe('an event’s schedule in its time zone', () => {
  const party = { date: '2026-12-05', startTime: '19:00', endTime: '23:00', timeZone: 'America/New_York' };

  it('starts and ends on the venue’s clock', () => {
    expect(eventStartsAt(party)).toEqual(at('2026-12-06T00:00:00Z'));
    expect(eventEndsAt(party)).toEqual(at('2026-12-06T04:00:00Z'));
    expect(eventEndsAt({ ...party, endTime: '' })).toEqual(at('2026-12-06T05:00:00Z'));
  });

  it('ends the next day when the party runs past midnight, however long that night is', () => {
    expect(eventEndsAt({ ...party, startTime: '22:00', endTime: '02:00' })).toEqual(at('2026-12-06T07:00:00Z'));
    // The night Monaco's clocks go back: 22:00 CEST to 04:00 CET is seven hours.
    const autumn = { date: '2026-10-24', startTime: '22:00', endTime: '04:00', timeZone: 'Europe/Monaco' };
    expect(eventStartsAt(autumn)).toEqual(at('2026-10-24T20:00:00Z'));
    expect(eventEndsAt(autumn)).toEqual(at('2026-10-25T03:00:00Z'));
  });

  it('closes answers at the deadline on the venue’s clock, or 48 hours before the start', () => {
    expect(rsvpDeadlineOf({ ...party, rsvpDeadline: '2026-12-03T19:00' })).toEqual(at('2026-12-04T00:00:00Z'));
    expect(rsvpDeadlineOf({ ...party, rsvpDeadline: null })).toEqual(at('2026-12-04T00:00:00Z'));
    expect(Number.isNaN(rsvpDeadlineOf({ ...party, rsvpDeadline: '2026-12-03' }).getTime())).toBe(true);
  });

  it('reminds guests a number of hours before the start itself', () => {
    expect(reminderDueAt(party, 24)).toEqual(at('2026-12-05T00:00:00Z'));
    // A week before an evening just after the clocks went forward: one hour less on the venue's clock.
    const spring = { date: '2026-04-02', startTime: '19:00', timeZone: 'Europe/Monaco' };
    expect(venueClock(reminderDueAt(spring, 168), 'Europe/Monaco')).toEqual({ date: '2026-03-26', time: '18:00' });
  });
});

describe('time zone names', () => {
  it('takes IANA names Intl knows, and no offsets or made-up places', () => {
    for (const zone of ['Europe/Monaco', 'America/New_York', 'America/Argentina/Buenos_Aires', 'UTC', 'Etc/GMT+5']) {
      expect(isTimeZone(zone)).toBe(true);
    }
    for (const zone of ['Europe/Atlantis', '+01:00', 'GMT+1:00', '', ' Europe/Monaco', 'Europe/', 42, null]) {
      expect(isTimeZone(zone)).toBe(false);
    }
  });

  it('spells a zone in its usual capitals', () => {
    expect(timeZoneSpelling('europe/monaco')).toBe('Europe/Monaco');
    expect(timeZoneSpelling('utc')).toBe('UTC');
    expect(timeZoneSpelling('Europe/Kyiv')).toBe('Europe/Kyiv');
  });
});
