import request from 'supertest';
import { asAdmin, basic as basicHeader, TEST_ADMIN } from './admin';
import type { TestApp } from './test-app';
import { venueClock } from '../../src/modules/events/event-schedule';

export const adminEnv = { ADMIN_USERNAME: TEST_ADMIN.username, ADMIN_PASSWORD: TEST_ADMIN.password };
const basic = basicHeader(TEST_ADMIN.username, TEST_ADMIN.password);

/** Empties the tables and restores the administrator (t.reset() removes it too). */
export async function resetWithAdmin(t: TestApp): Promise<void> {
  await t.reset();
  await asAdmin(t);
}

export const eventFields = {
  name: 'The Riviera Launch',
  description: 'An evening on the terrace to open the season.',
  eventType: 'launch_party',
  date: '2037-12-12',
  startTime: '19:00',
  endTime: '23:00',
  venue: 'Hôtel de Paris',
  venueAddress: 'Place du Casino',
  city: 'Monte-Carlo',
  state: 'Monaco',
  country: 'Monaco',
  zipCode: '98000',
  capacity: 100,
  ticketPrice: 0,
  currency: 'EUR',
  isPrivate: true,
  dresscode: 'Black tie',
  imageUrl: '',
  organizer: 'Maison Fortuna',
  organizerContact: 'events@maisonfortuna.local',
  status: 'published',
};

/** What a clock in `timeZone` reads at `at`: its day ('YYYY-MM-DD') and time ('HH:mm'), as the events module reads it. */
export function clockIn(timeZone: string, at: Date): { date: string; time: string } {
  return venueClock(at, timeZone);
}

/**
 * The times of an event that starts `hoursFromNow` hours from now (negative: it has started) and
 * lasts three hours, on the venue's clock in `timeZone` (the tests' default zone, UTC, unless
 * given; then the event is in that zone): the door checks guests in only on the event's day.
 * Guests may change their answer until the start; no reminders are due.
 */
export function startingIn(hoursFromNow: number, timeZone?: string, now = Date.now()) {
  const start = new Date(now + hoursFromNow * 3_600_000);
  const end = new Date(start.getTime() + 3 * 3_600_000);
  const { date, time } = clockIn(timeZone ?? 'UTC', start);
  return {
    date,
    startTime: time,
    endTime: clockIn(timeZone ?? 'UTC', end).time,
    ...(timeZone ? { timeZone } : {}),
    rsvpDeadline: `${date}T${time}`,
    reminderHours: [],
  };
}

export function admin(t: TestApp) {
  const http = request(t.http);
  return {
    get: (path: string) => http.get(`/api/admin${path}`).set('Authorization', basic),
    post: (path: string, body?: object) =>
      http
        .post(`/api/admin${path}`)
        .set('Authorization', basic)
        .send(body ?? {}),
    patch: (path: string, body: object) => http.patch(`/api/admin${path}`).set('Authorization', basic).send(body),
    delete: (path: string) => http.delete(`/api/admin${path}`).set('Authorization', basic),
  };
}

export async function createEvent(t: TestApp, changes: Partial<typeof eventFields> | Record<string, unknown> = {}) {
  const response = await admin(t)
    .post('/events', { ...eventFields, ...changes })
    .expect(201);
  return response.body.data as { id: number; name: string; capacity: number };
}

export async function createInvitation(t: TestApp, eventId: number, changes: Record<string, unknown> = {}) {
  const response = await admin(t)
    .post('/invitations', {
      eventId,
      recipientName: 'Grace Kelly',
      recipientEmail: 'grace@example.com',
      maxGuests: 2,
      ...changes,
    })
    .expect(201);
  return response.body.data as { id: number; invitationCode: string; status: string; recipientEmail: string };
}

export function rsvp(t: TestApp, code: string, body: Record<string, unknown>) {
  return request(t.http).post(`/api/invitations/${code}/rsvp`).send(body);
}

/**
 * Decodes a quoted-printable MIME body well enough to read the text we wrote: its bytes are
 * UTF-8, so a dash or an accent reads as itself.
 */
export function readable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The .ics attachment of a raw MIME message (nodemailer encodes it in base64). */
export function calendarOf(raw: string): string {
  const part = /Content-Type: text\/calendar[\s\S]*?\r\n\r\n([\s\S]*?)\r\n--/i.exec(raw);
  if (!part) throw new Error('No text/calendar part in the message');
  return Buffer.from(part[1].replace(/\s+/g, ''), 'base64').toString('utf8');
}
