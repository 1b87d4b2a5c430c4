import { QueueName } from '../src/platform/queue/queue-names';
import { useLaunchPartyApp, type LaunchPartyApp } from './support/launch-party-app';
import type { TestApp } from './support/test-app';
import {
  admin,
  calendarOf,
  createEvent,
  createInvitation,
  eventFields,
  readable,
  rsvp,
} from './support/launch-party-fixtures';

/**
 * Issue 20, section 4: reminders carried by delayed jobs, and the emails of a changed or cancelled
 * event. The delayed jobs are moved on by promoting them: no test waits for a clock.
 */
describe('Reminders and event changes', () => {
  let t: TestApp;
  let smtp: LaunchPartyApp['smtp'];
  const app = useLaunchPartyApp({ APP_URL: 'https://club.example.com' });
  beforeAll(() => ({ t, smtp } = app));

  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
    t.orm.em.getConnection().execute<T[]>(query, params);
  const email = () => t.queue(QueueName.Email);
  /** The delayed reminder planned for a start on the venue's clock in `zone` (the tests' default, UTC). */
  const reminderJob = async (eventId: number, hours: number, startsAt: string, zone = 'UTC') => {
    await t.drainOutbox();
    return email().getJob(`event-reminders.${eventId}.${hours}.${startsAt}.${zone}`);
  };
  /** Runs a delayed reminder now, as if its time had come, and waits for what it queues. */
  const promote = async (eventId: number, hours: number, startsAt: string, zone = 'UTC') => {
    const job = await reminderJob(eventId, hours, startsAt, zone);
    if (!job) throw new Error(`No reminder job for ${hours} h before ${startsAt}`);
    await job.promote();
    await t.drain();
  };
  const subjects = () => smtp.received.map((m) => /Subject: ([^\r\n]*)/.exec(readable(m.raw))?.[1] ?? '');
  const to = (address: string) => smtp.received.filter((m) => m.to.includes(address));

  /** Grace attends with 2, Rainier declined after accepting, Caroline never answered. */
  async function guests(eventId: number) {
    const grace = await createInvitation(t, eventId, { maxGuests: 2 });
    const rainier = await createInvitation(t, eventId, {
      recipientEmail: 'rainier@example.com',
      recipientName: 'Rainier',
    });
    await createInvitation(t, eventId, { recipientEmail: 'caroline@example.com', recipientName: 'Caroline' });
    await rsvp(t, grace.invitationCode, {
      status: 'attending',
      guestCount: 2,
      guestNames: ['Grace Kelly', 'Prince Rainier'],
    }).expect(200);
    await rsvp(t, rainier.invitationCode, { status: 'attending', guestCount: 1 }).expect(200);
    await rsvp(t, rainier.invitationCode, { status: 'not_attending' }).expect(200);
    await t.drain();
    smtp.received.length = 0;
    return { grace, rainier };
  }

  it('plans a delayed reminder 7 days and 24 hours before the start', async () => {
    const event = await createEvent(t);
    const week = await reminderJob(event.id, 168, '20371212T1900');
    const day = await reminderJob(event.id, 24, '20371212T1900');
    expect(await week?.getState()).toBe('delayed');
    expect(await day?.getState()).toBe('delayed');
    expect(day?.data).toEqual({ eventId: event.id, hoursBefore: 24, startsAt: '20371212T1900', timeZone: 'UTC' });
    // Due when planned: the start less the reminder time (the relay adds its few milliseconds).
    const due = (job: typeof day) => (job ? job.timestamp + job.delay : 0);
    expect(Math.abs(due(week) - Date.parse('2037-12-05T19:00:00Z'))).toBeLessThan(60_000);
    expect(Math.abs(due(day) - Date.parse('2037-12-11T19:00:00Z'))).toBeLessThan(60_000);

    // Reminder times of the event's own; one already past is not planned.
    const custom = await createEvent(t, { reminderHours: [72, 2] });
    expect(await reminderJob(custom.id, 72, '20371212T1900')).toBeTruthy();
    expect(await reminderJob(custom.id, 168, '20371212T1900')).toBeFalsy();
    // Months ahead: a delay past an integer's milliseconds (24.8 days) is planned all the same.
    const far = await createEvent(t, { date: '2038-03-12' });
    expect(await (await reminderJob(far.id, 168, '20380312T1900'))?.getState()).toBe('delayed');
    // Three days ahead (whenever the test runs): the week's reminder is past, the day's is not.
    const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const startsAt = `${date.replaceAll('-', '')}T1900`;
    const soon = await createEvent(t, { date, reminderHours: [168, 24] });
    expect(await reminderJob(soon.id, 168, startsAt)).toBeFalsy();
    expect(await reminderJob(soon.id, 24, startsAt)).toBeTruthy();
  });

  it('reminds every attending guest with the details, the .ics, a map link and the pass; a declined guest gets none', async () => {
    const event = await createEvent(t);
    await guests(event.id);
    await promote(event.id, 168, '20371212T1900');

    expect(smtp.received).toHaveLength(1);
    const [mail] = to('grace@example.com');
    const body = readable(mail.raw);
    expect(body).toMatch(/Subject: =\?UTF-8\?Q\?Reminder:_The_Riviera_Launch_is_in_7_d/);
    expect(body).toContain('Saturday, December 12, 2037');
    expect(body).toContain('19:00 – 23:00');
    expect(body).toContain('2 Guests');
    expect(body).toContain('https://www.google.com/maps/search/?api=1&query=H%C3%B4tel%20de%20Paris');
    expect(body).toMatch(/filename=pass\.png/);
    expect(calendarOf(mail.raw)).toContain('DTSTART:20371212T190000');
    expect(to('rainier@example.com')).toHaveLength(0);
    expect(to('caroline@example.com')).toHaveLength(0);
  });

  it('never sends a reminder twice, even when its job runs again', async () => {
    const event = await createEvent(t);
    await guests(event.id);
    await promote(event.id, 24, '20371212T1900');
    expect(subjects()).toHaveLength(1);
    // The same reminder delivered again (a retried or duplicated job): nothing more goes out.
    await email().add('event.reminders', { eventId: event.id, hoursBefore: 24, startsAt: '20371212T1900' });
    await t.drain();
    expect(subjects()).toHaveLength(1);
    const rows = await sql<{ key: string; status: string }>(
      `select key, status from email_deliveries where kind = 'event.reminder'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'sent' });
    expect(rows[0].key).toMatch(/^event\.reminder:[0-9a-f-]+:24:20371212T1900$/);
  });

  it('reschedules the reminders when the date or time changes, and tells attending guests what changed', async () => {
    const event = await createEvent(t);
    await guests(event.id);
    await admin(t)
      .patch(`/events/${event.id}`, { ...eventFields, date: '2037-12-19', startTime: '20:00' })
      .expect(200);
    await t.drain();

    // What changed, to the attending guest only, with the updated .ics.
    expect(to('grace@example.com')).toHaveLength(1);
    expect(smtp.received).toHaveLength(1);
    const change = readable(smtp.received[0].raw);
    expect(change).toMatch(/Subject: =\?UTF-8\?Q\?Changed:_The_Riviera_Launch/);
    expect(change).toContain('Date: now Saturday, December 19, 2037 (previously Saturday, December 12, 2037).');
    expect(change).toContain('Time: now 20:00 – 23:00 UTC (previously 19:00 – 23:00 UTC).');
    expect(calendarOf(smtp.received[0].raw)).toContain('DTSTART:20371219T200000');
    smtp.received.length = 0;

    const moved = await reminderJob(event.id, 24, '20371219T2000');
    expect(await moved?.getState()).toBe('delayed');
    expect(Math.abs((moved ? moved.timestamp + moved.delay : 0) - Date.parse('2037-12-18T20:00:00Z'))).toBeLessThan(
      60_000,
    );

    // The reminder planned for the old start finds the event moved and sends nothing.
    await promote(event.id, 24, '20371212T1900');
    expect(smtp.received).toHaveLength(0);
    await promote(event.id, 24, '20371219T2000');
    expect(subjects()).toHaveLength(1);
    expect(readable(smtp.received[0].raw)).toMatch(/Subject: =\?UTF-8\?Q\?Reminder:_The_Riviera_Launch_is_tomor/);
    expect(readable(smtp.received[0].raw)).toContain('Saturday, December 19, 2037');

    // A change of the venue alone is news too; a change of the description is not.
    smtp.received.length = 0;
    await admin(t)
      .patch(`/events/${event.id}`, { ...eventFields, date: '2037-12-19', startTime: '20:00', venue: 'Villa Ephrussi' })
      .expect(200);
    await admin(t)
      .patch(`/events/${event.id}`, {
        ...eventFields,
        date: '2037-12-19',
        startTime: '20:00',
        venue: 'Villa Ephrussi',
        description: 'Now with fireworks.',
      })
      .expect(200);
    await t.drain();
    expect(smtp.received).toHaveLength(1);
    expect(readable(smtp.received[0].raw)).toContain('Venue: now Villa Ephrussi (previously H');
  });

  it('plans the reminders on the clock of the venue’s zone, and plans them again when the zone changes', async () => {
    const event = await createEvent(t, { timeZone: 'America/New_York' });
    const day = await reminderJob(event.id, 24, '20371212T1900', 'America/New_York');
    expect(day?.data).toEqual({
      eventId: event.id,
      hoursBefore: 24,
      startsAt: '20371212T1900',
      timeZone: 'America/New_York',
    });
    // 19:00 in New York on 12 December is midnight UTC on the 13th; the reminder is a day before.
    const due = (job: typeof day) => (job ? job.timestamp + job.delay : 0);
    expect(Math.abs(due(day) - Date.parse('2037-12-12T00:00:00Z'))).toBeLessThan(60_000);
    await guests(event.id);

    await admin(t)
      .patch(`/events/${event.id}`, { ...eventFields, timeZone: 'Europe/Monaco' })
      .expect(200);
    await t.drain();
    // The guest hears that the evening moved, in the zones' own names.
    expect(smtp.received).toHaveLength(1);
    expect(readable(smtp.received[0].raw)).toContain('Time: now 19:00 – 23:00 CET (previously 19:00 – 23:00 EST).');
    expect(calendarOf(smtp.received[0].raw)).toContain('DTSTART:20371212T180000Z');
    smtp.received.length = 0;
    const moved = await reminderJob(event.id, 24, '20371212T1900', 'Europe/Monaco');
    expect(Math.abs(due(moved) - Date.parse('2037-12-11T18:00:00Z'))).toBeLessThan(60_000);

    // The reminder planned for New York's evening sends nothing; Monaco's reminds the guest.
    await promote(event.id, 24, '20371212T1900', 'America/New_York');
    expect(smtp.received).toHaveLength(0);
    await promote(event.id, 24, '20371212T1900', 'Europe/Monaco');
    expect(subjects()).toHaveLength(1);
    expect(readable(smtp.received[0].raw)).toContain('19:00 – 23:00 CET');
  });

  it('still sends a reminder planned before events had time zones, while the start is as planned', async () => {
    const event = await createEvent(t);
    await guests(event.id);
    await email().add('event.reminders', { eventId: event.id, hoursBefore: 24, startsAt: '20371212T1900' });
    await t.drain();
    expect(subjects()).toHaveLength(1);
  });

  it('emails everyone invited when the event is cancelled, and no reminder follows', async () => {
    const event = await createEvent(t);
    // Caroline's invitation was never sent (still pending): she hears nothing.
    await guests(event.id);

    await admin(t)
      .patch(`/events/${event.id}`, { ...eventFields, status: 'cancelled' })
      .expect(200);
    await t.drain();
    const cancelled = smtp.received.filter((m) => /Subject: =\?UTF-8\?Q\?Cancelled:/.test(readable(m.raw)));
    expect(cancelled.map((m) => m.to[0]).sort()).toEqual(['grace@example.com', 'rainier@example.com']);
    const body = readable(cancelled[0].raw);
    expect(body).toContain('has been cancelled');
    expect(calendarOf(cancelled[0].raw)).toContain('METHOD:CANCEL');

    smtp.received.length = 0;
    await promote(event.id, 24, '20371212T1900');
    expect(smtp.received).toHaveLength(0);
  });
});
