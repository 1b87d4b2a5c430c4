import { expect, test, type Page } from '@playwright/test';
import { waitForEmail } from './support/mail';
import { ADMIN, filterByEvent } from './support/admin';

const SHOTS = process.env.E2E_SCREENSHOTS;

/** Opens the Launch Party tab, signing in unless this tab's session already holds the credentials. */
async function openLaunchParty(page: Page) {
  await page.goto('/admin');
  const username = page.getByLabel('Username');
  const tab = page.getByRole('tab', { name: 'Launch Party' });
  await expect(username.or(tab)).toBeVisible();
  if (await username.isVisible()) {
    await username.fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
  }
  await page.getByRole('tab', { name: 'Launch Party' }).click();
  await expect(page.getByText('Launch Party Management')).toBeVisible();
}

test('an admin invites a guest by email, the guest RSVPs to a free event and the admin sees the answer', async ({
  page,
}) => {
  const stamp = Date.now();
  const eventName = `Riviera Soirée ${stamp}`;
  const guestEmail = `guest.${stamp}@example.com`;

  await openLaunchParty(page);

  // Create the event: the dialog opens with the spec's defaults, and refuses an empty form first.
  await page.getByRole('button', { name: 'Create Event' }).first().click();
  const eventDialog = page.getByRole('dialog', { name: 'Create Event' });
  await expect(eventDialog.getByLabel('Capacity', { exact: true })).toHaveValue('100');
  await expect(eventDialog.getByLabel('Start Time', { exact: true })).toHaveValue('19:00');
  await expect(eventDialog.getByLabel('End Time', { exact: true })).toHaveValue('23:00');
  // The venue's time zone starts at the server's default (UTC in the e2e app) and is found by searching.
  await expect(eventDialog.getByTitle('UTC', { exact: true })).toBeVisible();
  await eventDialog.getByLabel('Time Zone', { exact: true }).fill('monaco');
  // A click that lands while the list is still filtering is lost: chosen again until the field shows it.
  const monaco = page.locator('.ant-select-item-option').filter({ hasText: 'Europe/Monaco' });
  await expect(async () => {
    if (await monaco.isVisible()) await monaco.click();
    await expect(eventDialog.getByTitle('Europe/Monaco', { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await eventDialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(eventDialog.getByText('Name is required')).toBeVisible();
  await expect(eventDialog.getByText('Venue is required')).toBeVisible();
  await eventDialog.getByLabel('Event Name', { exact: true }).fill(eventName);
  await eventDialog.getByLabel('Description', { exact: true }).fill('Champagne on the terrace at dusk.');
  await eventDialog.getByLabel('Venue', { exact: true }).fill('Hôtel de Paris');
  await eventDialog.getByLabel('Venue Address', { exact: true }).fill('Place du Casino');
  await eventDialog.getByLabel('City', { exact: true }).fill('Monte-Carlo');
  await eventDialog.getByLabel('State/Province', { exact: true }).fill('Monaco');
  await eventDialog.getByLabel('Country', { exact: true }).fill('Monaco');
  await eventDialog.getByLabel('Zip/Postal Code', { exact: true }).fill('98000');
  await eventDialog.getByLabel('Dress Code', { exact: true }).fill('Black tie');
  await eventDialog.getByLabel('Organizer Contact', { exact: true }).fill('events@example.com');
  await eventDialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('Event created')).toBeVisible();
  const card = page.locator('.ant-card').filter({ hasText: eventName });
  await expect(card).toContainText('Free');
  await expect(card).toContainText('100 guests');
  await expect(card).toContainText('Black tie');
  // The first steps' guide folds away once an event exists.
  await expect(page.getByText('Getting Started')).toHaveCount(0);
  if (SHOTS) await page.screenshot({ animations: 'disabled', path: `${SHOTS}/admin-events.png`, fullPage: true });

  // Create and send the invitation.
  await page.getByRole('tab', { name: 'Invitations' }).click();
  await filterByEvent(page, eventName);
  await expect(page.getByText(`Invitations for ${eventName}`)).toBeVisible();
  await page.getByRole('button', { name: 'Create Invitation' }).click();
  const invitationDialog = page.getByRole('dialog', { name: 'Create Invitation' });
  await invitationDialog.getByLabel('Name', { exact: true }).fill('Grace Kelly');
  await invitationDialog.getByLabel('Email', { exact: true }).fill(guestEmail);
  await invitationDialog.getByRole('button', { name: 'Create Invitation' }).click();
  await expect(page.getByText('Invitation created')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: guestEmail });
  await expect(row).toContainText('Not sent');
  await row.getByRole('button', { name: 'Send invitation to Grace Kelly' }).click();
  await expect(page.getByText(`A real email will be sent to Grace Kelly at ${guestEmail}.`)).toBeVisible();
  // The confirm dialog focuses its OK button; pressing it avoids waiting out the opening animation.
  await page
    .getByRole('dialog', { name: 'Send Invitation' })
    .getByRole('button', { name: 'Send Email' })
    .press('Enter');
  await expect(page.getByText('Invitation sent')).toBeVisible();
  // The worker marks it sent once the mail server has accepted it; the table follows.
  await expect(row.locator('.ant-tag').getByText('sent', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(row).not.toContainText('Not sent');
  if (SHOTS) await page.screenshot({ animations: 'disabled', path: `${SHOTS}/admin-invitations.png`, fullPage: true });

  // The guest opens the personal link from the email.
  const email = await waitForEmail(guestEmail, /You are invited/);
  // The venue's hours, named with its zone.
  expect(email.text).toMatch(/19:00 – 23:00 CES?T/);
  const link = /https?:\/\/[^\s"<>]+\/invitation\/[A-Za-z0-9_-]+/.exec(email.text)?.[0];
  expect(link).toBeTruthy();
  await page.goto(new URL(link!).pathname);
  await expect(page.getByRole('heading', { name: eventName })).toBeVisible();
  await expect(page.getByText('Dear Grace Kelly,')).toBeVisible();
  if (SHOTS) {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ animations: 'disabled', path: `${SHOTS}/invitation-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ animations: 'disabled', path: `${SHOTS}/invitation-1440.png`, fullPage: true });
  }
  await page.getByText('Joyfully Accept').click();
  await page.getByLabel('Dietary restrictions').fill('No shellfish');
  await page.getByRole('button', { name: 'Send RSVP' }).click();

  await expect(page).toHaveURL(/\/invitations\/[A-Za-z0-9_-]+\/thank-you$/);
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await expect(page.getByText(`Your RSVP has been confirmed for ${eventName}`)).toBeVisible();
  await expect(page.getByText('1 Guest', { exact: true })).toBeVisible();
  if (SHOTS) {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ animations: 'disabled', path: `${SHOTS}/thank-you-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await waitForEmail(guestEmail, /Confirmed/);

  // The admin sees the RSVP in Responses.
  await openLaunchParty(page);
  await page.getByRole('tab', { name: 'Responses' }).click();
  const response = page.getByRole('row').filter({ hasText: guestEmail });
  await expect(response).toContainText('Attending');
  await response.getByRole('button', { name: 'Details' }).click();
  await expect(page.getByRole('dialog', { name: 'RSVP Details' })).toContainText('No shellfish');
  if (SHOTS) {
    await page.screenshot({ animations: 'disabled', path: `${SHOTS}/admin-responses.png`, fullPage: true });
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('tab', { name: 'Events' }).click();
    await page.screenshot({ animations: 'disabled', path: `${SHOTS}/admin-events-375.png`, fullPage: true });
  }
});
