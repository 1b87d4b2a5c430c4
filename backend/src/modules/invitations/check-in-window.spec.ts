import { checkInRefusal, checkInWindow } from './check-in-window';

const gala = { name: 'The Winter Gala', date: '2030-03-09', startTime: '19:00', endTime: '23:00', timeZone: 'UTC' };
const manhattan = { ...gala, name: 'The Manhattan Soirée', date: '2030-12-07', timeZone: 'America/New_York' };

describe('the door’s hours', () => {
  it('open six hours before the start and close at the end of the event', () => {
    expect(checkInWindow(gala)).toEqual({
      opensAt: new Date('2030-03-09T13:00:00Z'),
      closesAt: new Date('2030-03-09T23:00:00Z'),
    });
  });

  it('run past midnight with a party that does, and to the end of the day for an event without an end', () => {
    expect(checkInWindow({ ...gala, startTime: '22:00', endTime: '02:00' }).closesAt).toEqual(
      new Date('2030-03-10T02:00:00Z'),
    );
    expect(checkInWindow({ ...gala, endTime: '' }).closesAt).toEqual(new Date('2030-03-10T00:00:00Z'));
  });

  it('say when the door opens to a guest who comes too early, and when it closed to one too late', () => {
    expect(checkInRefusal(gala, new Date('2030-03-08T20:00:00Z'))).toBe(
      'Check-in for The Winter Gala opens on Saturday, March 9, 2030 at 13:00, 6 hours before it starts.',
    );
    expect(checkInRefusal(gala, new Date('2030-03-10T09:00:00Z'))).toBe(
      'Check-in for The Winter Gala closed when the event ended, on Saturday, March 9, 2030 at 23:00.',
    );
    expect(checkInRefusal(gala, new Date('2030-03-09T13:00:00Z'))).toBeNull();
    expect(checkInRefusal(gala, new Date('2030-03-09T23:00:00Z'))).toBeNull();
  });

  it('keep the venue’s clock in its time zone: a New York evening is open until 23:00 there, 04:00 in UTC', () => {
    expect(checkInWindow(manhattan)).toEqual({
      opensAt: new Date('2030-12-07T18:00:00Z'),
      closesAt: new Date('2030-12-08T04:00:00Z'),
    });
    // 19:00 in New York is midnight in UTC, the next day: the party is on.
    expect(checkInRefusal(manhattan, new Date('2030-12-08T00:00:00Z'))).toBeNull();
    expect(checkInRefusal(manhattan, new Date('2030-12-08T03:59:00Z'))).toBeNull();
    expect(checkInRefusal(manhattan, new Date('2030-12-04T19:00:00Z'))).toBe(
      'Check-in for The Manhattan Soirée opens on Saturday, December 7, 2030 at 13:00, 6 hours before it starts.',
    );
    expect(checkInRefusal(manhattan, new Date('2030-12-08T05:00:00Z'))).toBe(
      'Check-in for The Manhattan Soirée closed when the event ended, on Saturday, December 7, 2030 at 23:00.',
    );
  });
});
