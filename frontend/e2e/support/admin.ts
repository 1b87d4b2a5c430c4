import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The administrator the e2e app is started with (global-setup). */
export const ADMIN = {
  username: process.env.E2E_ADMIN_USERNAME ?? 'admin',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password',
};
export const AUTH = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;

/** A concierge on the desk: replies, options and status notes are signed with her display name. */
export const CLAIRE = { username: 'claire', password: 'e2e-claire-password', displayName: 'Claire' };

/**
 * Makes sure a staff account exists (created by the owner through the Staff API; one left by an
 * earlier run is kept) and answers its `Authorization` header.
 */
export async function staffAccount(
  request: APIRequestContext,
  account: { username: string; password: string; displayName: string },
  role: 'owner' | 'events' | 'concierge' | 'door' = 'concierge',
  doorEventIds: number[] = [],
): Promise<string> {
  const created = await request.post('/api/admin/staff', {
    headers: { authorization: AUTH },
    data: { ...account, role, doorEventIds },
  });
  expect(created.ok() || created.status() === 409, await created.text()).toBeTruthy();
  return `Basic ${Buffer.from(`${account.username}:${account.password}`).toString('base64')}`;
}

/** Signs in on the admin sign-in form the page shows. */
export async function signIn(page: Page, password = ADMIN.password): Promise<void> {
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** A published launch party at the Hôtel de Paris, created through the admin API; `changes` override its fields. */
export async function createEvent(
  request: APIRequestContext,
  name: string,
  changes: Record<string, unknown> = {},
): Promise<number> {
  const response = await request.post('/api/admin/events', {
    headers: { authorization: AUTH },
    data: {
      name,
      description: 'Champagne on the terrace at dusk.',
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
      organizer: 'Maison Fortuna',
      organizerContact: 'events@maisonfortuna.local',
      status: 'published',
      ...changes,
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).data.id as number;
}

/**
 * An evening that starts within the hour and lasts three, on UTC's clock (the e2e app's
 * DEFAULT_EVENT_TIME_ZONE, so the event's venue clock): the door checks guests in only on the
 * event's day. Answers may change until the start.
 */
export function startingSoon() {
  const start = new Date(Date.now() + 3_600_000);
  const end = new Date(start.getTime() + 3 * 3_600_000);
  const clock = (at: Date) => at.toISOString().slice(11, 16);
  const date = start.toISOString().slice(0, 10);
  return {
    date,
    startTime: clock(start),
    endTime: clock(end),
    rsvpDeadline: `${date}T${clock(start)}`,
    reminderHours: [],
  };
}

/**
 * Chooses an event in the admin's 'Filter by event' select and waits until the select shows it.
 * A click that lands while the dropdown is still opening can be lost, so the choice is made again
 * until it holds.
 */
export async function filterByEvent(page: Page, eventName: string): Promise<void> {
  const select = page.getByLabel('Filter by event');
  // The select shows the chosen option's label as its title (the dropdown's options live elsewhere, in a portal).
  const chosen = page.locator('.ant-select').filter({ has: select }).getByTitle(eventName, { exact: true });
  const option = page.getByRole('option', { name: eventName });
  await expect(async () => {
    // A dropdown left open by an earlier try is used as it is: clicking the select would close it.
    if (!(await option.isVisible())) await select.click();
    await option.click({ timeout: 3000 });
    await expect(chosen).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
}
