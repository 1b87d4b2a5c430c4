import { checkInRefusal, checkInWindow } from './check-in-window';

const gala = { name: 'The Winter Gala', date: '2030-03-09', startTime: '19:00', endTime: '23:00' };

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
});
