import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { waitForEmail } from './support/mail';
import { ADMIN, AUTH, createEvent, filterByEvent } from './support/admin';

const SHOTS = process.env.E2E_SCREENSHOTS;

async function invite(request: APIRequestContext, eventId: number, name: string, email: string): Promise<string> {
  const response = await request.post('/api/admin/invitations', {
    headers: { authorization: AUTH },
    data: { eventId, recipientName: name, recipientEmail: email, maxGuests: 2 },
  });
  expect(response.ok()).toBeTruthy();
  return (await response.json()).data.invitationCode as string;
}

async function shootBoth(page: Page, name: string) {
  if (!SHOTS) return;
  // Each size is painted before its picture is taken.
  const settle = () =>
    page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.setViewportSize({ width: 375, height: 812 });
  await settle();
  await page.screenshot({ animations: 'disabled', path: `${SHOTS}/${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await settle();
  await page.screenshot({ animations: 'disabled', path: `${SHOTS}/${name}-1440.png`, fullPage: true });
}

test("a full event's waiting list gets an offer by email and the guest claims it", async ({ page, request }) => {
  // A long walk (guest, email, guest again, admin) on a machine that may be busy.
  test.setTimeout(240_000);
  const stamp = Date.now();
  const eventName = `Full Terrace ${stamp}`;
  const guestEmail = `waiting.${stamp}@example.com`;
  const eventId = await createEvent(request, eventName, { capacity: 1 });
  const hostCode = await invite(request, eventId, 'Rainier Grimaldi', `host.${stamp}@example.com`);
  const seated = await request.post(`/api/invitations/${hostCode}/rsvp`, {
    data: { status: 'attending', guestCount: 1 },
  });
  expect(seated.ok()).toBeTruthy();
  const code = await invite(request, eventId, 'Grace Kelly', guestEmail);

  // The event is full: the guest's answer meets it, and the page offers the waiting list.
  await page.goto(`/invitation/${code}`);
  await expect(page.getByRole('heading', { name: eventName })).toBeVisible();
  await page.getByText('Joyfully Accept').click();
  await page.getByLabel('Dietary restrictions').fill('No shellfish');
  await page.getByRole('button', { name: 'Send RSVP' }).click();
  await expect(page.getByText('This event is at capacity')).toBeVisible();
  await shootBoth(page, 'waiting-list-join');
  await page.getByRole('button', { name: 'Join the Waiting List' }).click();
  await expect(page.getByText('You Are on the Waiting List')).toBeVisible();
  await expect(page.getByText(/Number 1 in line, for one guest/)).toBeVisible();
  await expect(page.getByText('This event is at capacity')).toHaveCount(0);
  await shootBoth(page, 'waiting-list-in-line');

  // The seated guest declines: the seat is offered to the guest by email.
  const declined = await request.post(`/api/invitations/${hostCode}/rsvp`, { data: { status: 'not_attending' } });
  expect(declined.ok()).toBeTruthy();
  const email = await waitForEmail(guestEmail, /A place has opened/);
  expect(email.text).toContain('Held until');
  const link = /https?:\/\/[^\s"<>]+\/invitation\/[A-Za-z0-9_-]+/.exec(email.text)?.[0];
  expect(link).toBeTruthy();

  // The link opens the invitation with the held place and its expiry; answering claims it.
  await page.goto(new URL(link!).pathname);
  await expect(page.getByText('A Place Is Held for You')).toBeVisible();
  await expect(page.getByText(/It is held for you until/)).toBeVisible();
  await shootBoth(page, 'waiting-list-offer');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Send RSVP' }).click();
  await expect(page).toHaveURL(/\/invitations\/[A-Za-z0-9_-]+\/thank-you$/);
  await expect(page.getByText(`Your RSVP has been confirmed for ${eventName}`)).toBeVisible();
  await waitForEmail(guestEmail, /Confirmed/);

  // The admin sees the line and the claimed offer in the Responses tab.
  await page.goto('/admin');
  const launchParty = page.getByRole('tab', { name: 'Launch Party' });
  // A click before the page has come alive is lost (see launch-party.spec.ts): sign in until it lands.
  await expect(async () => {
    if (!(await launchParty.isVisible())) {
      await page.getByLabel('Username').fill(ADMIN.username);
      await page.getByLabel('Password').fill(ADMIN.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
    }
    await expect(launchParty).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await launchParty.click();
  await page.getByRole('tab', { name: 'Responses' }).click();
  await filterByEvent(page, eventName);
  await page.getByRole('tab', { name: 'Waiting List' }).click();
  const row = page.getByRole('row').filter({ hasText: guestEmail });
  await expect(row).toContainText('Claimed');
  await expect(row).toContainText('Grace Kelly');
  await shootBoth(page, 'waiting-list-admin');
});
