import request from 'supertest';
import { useLaunchPartyApp } from './support/launch-party-app';
import { admin, createEvent, createInvitation, eventFields } from './support/launch-party-fixtures';
import type { TestApp } from './support/test-app';

/** Each event's venue time zone: taken, checked, stored and answered; a new event takes the setting's. */
describe('Events in their venue’s time zone', () => {
  let t: TestApp;
  const app = useLaunchPartyApp({ DEFAULT_EVENT_TIME_ZONE: 'Europe/Monaco' });
  beforeAll(() => ({ t } = app));

  const zones = () =>
    t.orm.em.getConnection().execute<Array<{ id: number; time_zone: string }>>('select id, time_zone from events');

  it.each([['Europe/Atlantis'], ['+01:00'], ['GMT+1:00'], ['Monaco'], [42], [['Europe/Monaco']]])(
    'refuses an event in the time zone %j',
    async (timeZone) => {
      const response = await admin(t)
        .post('/events', { ...eventFields, timeZone })
        .expect(400);
      expect(response.body).toMatchObject({
        success: false,
        error: 'Time zone must be an IANA time zone like Europe/Monaco',
        fields: { timeZone: 'Time zone must be an IANA time zone like Europe/Monaco' },
      });
      expect(await zones()).toHaveLength(0);
    },
  );

  it('stores and answers the zone it is given, in its usual capitals', async () => {
    const created = await admin(t)
      .post('/events', { ...eventFields, timeZone: 'america/new_york' })
      .expect(201);
    expect(created.body.data.timeZone).toBe('America/New_York');
    expect(await zones()).toEqual([{ id: created.body.data.id, time_zone: 'America/New_York' }]);
    const list = await admin(t).get('/events').expect(200);
    expect(list.body.data[0]).toMatchObject({ id: created.body.data.id, timeZone: 'America/New_York' });
  });

  it('gives a new event DEFAULT_EVENT_TIME_ZONE when none is sent, and says which that is', async () => {
    expect((await admin(t).get('/event-defaults').expect(200)).body).toEqual({ data: { timeZone: 'Europe/Monaco' } });
    const event = await createEvent(t);
    expect((await admin(t).get('/events').expect(200)).body.data[0]).toMatchObject({
      id: event.id,
      timeZone: 'Europe/Monaco',
    });
    const empty = await admin(t)
      .post('/events', { ...eventFields, timeZone: '' })
      .expect(201);
    expect(empty.body.data.timeZone).toBe('Europe/Monaco');
    await request(t.http).get('/api/admin/event-defaults').expect(401);
  });

  it('keeps an event’s zone through a change that does not send one, and takes a new one', async () => {
    const event = await createEvent(t, { timeZone: 'Asia/Tokyo' });
    const kept = await admin(t)
      .patch(`/events/${event.id}`, { ...eventFields, capacity: 120 })
      .expect(200);
    expect(kept.body.data).toMatchObject({ capacity: 120, timeZone: 'Asia/Tokyo' });
    const moved = await admin(t)
      .patch(`/events/${event.id}`, { ...eventFields, timeZone: 'America/Los_Angeles' })
      .expect(200);
    expect(moved.body.data.timeZone).toBe('America/Los_Angeles');
    const refused = await admin(t)
      .patch(`/events/${event.id}`, { ...eventFields, timeZone: 'Pacific/Nowhere' })
      .expect(400);
    expect(refused.body.error).toBe('Time zone must be an IANA time zone like Europe/Monaco');
    expect(await zones()).toEqual([{ id: event.id, time_zone: 'America/Los_Angeles' }]);
  });

  it('shows the guest the venue’s times with its zone, and reads the RSVP deadline on its clock', async () => {
    const event = await createEvent(t, { timeZone: 'America/New_York', rsvpDeadline: '2037-12-10T19:00' });
    const invitation = await createInvitation(t, event.id);
    const view = await request(t.http).get(`/api/invitations/${invitation.invitationCode}`).expect(200);
    expect(view.body.data.event).toMatchObject({
      date: '2037-12-12',
      startTime: '19:00',
      endTime: '23:00',
      timeZone: 'America/New_York',
      time: '19:00 – 23:00 EST',
    });
    // 19:00 in New York on 10 December is midnight UTC on the 11th.
    expect(view.body.data.changes.deadline).toBe('2037-12-11T00:00:00.000Z');
  });

  it('checks an RSVP deadline against the start in the event’s own zone', async () => {
    // 20:00 is after a 19:00 start wherever the venue is.
    const late = await admin(t)
      .post('/events', { ...eventFields, timeZone: 'America/New_York', rsvpDeadline: '2037-12-12T20:00' })
      .expect(400);
    expect(late.body.error).toBe('RSVP deadline must be before the event starts');
    await admin(t)
      .post('/events', { ...eventFields, timeZone: 'America/New_York', rsvpDeadline: '2037-12-12T18:00' })
      .expect(201);
  });
});
