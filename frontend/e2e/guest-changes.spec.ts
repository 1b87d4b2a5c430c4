import { expect, test, type APIRequestContext } from '@playwright/test';
import { waitForEmail } from './support/mail';
import { AUTH, createEvent } from './support/admin';

const SHOTS = process.env.E2E_SCREENSHOTS;

/** A day a month ahead: the RSVP deadline (48 hours before the start) is well ahead too. */
function monthAhead(): string {
  const day = new Date(Date.now() + 30 * 24 * 3600 * 1000);
  return day.toISOString().slice(0, 10);
}

async function invite(request: APIRequestContext, eventName: string, email: string): Promise<void> {
  const eventId = await createEvent(request, eventName, {
    date: monthAhead(),
    capacity: 20,
    organizerContact: 'events@example.com',
  });
  const invitation = await request.post('/api/admin/invitations', {
    headers: { authorization: AUTH },
    data: { eventId, recipientName: 'Grace Kelly', recipientEmail: email, maxGuests: 3 },
  });
  expect(invitation.status()).toBe(201);
  const id = (await invitation.json()).data.id as number;
  expect((await request.post(`/api/admin/invitations/${id}/send`, { headers: { authorization: AUTH } })).status()).toBe(
    201,
  );
}

test('a guest opens the emailed link, answers, then changes the count and declines', async ({ page, request }) => {
  const stamp = Date.now();
  const eventName = `Changing Plans ${stamp}`;
  const guestEmail = `changes.${stamp}@example.com`;
  await invite(request, eventName, guestEmail);

  const email = await waitForEmail(guestEmail, /You are invited/);
  const link = /https?:\/\/[^\s"<>]+\/invitation\/[A-Za-z0-9_-]+/.exec(email.text)?.[0];
  expect(link).toBeTruthy();
  const invitationPath = new URL(link!).pathname;
  await page.goto(invitationPath);
  await expect(page.getByRole('heading', { name: eventName })).toBeVisible();

  // The first answer: two guests.
  await page.getByText('Joyfully Accept').click();
  await page.locator('label', { has: page.getByRole('radio', { name: '2', exact: true }) }).click();
  await page.getByLabel('Guest 2 name').fill('Prince Rainier');
  await page.getByRole('button', { name: 'Send RSVP' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await expect(page.getByText('2 Guests', { exact: true })).toBeVisible();
  await waitForEmail(guestEmail, /^Confirmed/);

  // Back on the invitation: the answer as it stands, and until when it may change.
  await page.goto(invitationPath);
  await expect(page.getByTestId('current-answer')).toContainText('You are attending with 2 guests.');
  await expect(page.getByText(/You may change your answer until/)).toBeVisible();
  if (SHOTS) {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ animations: 'disabled', path: `${SHOTS}/invitation-answered-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ animations: 'disabled', path: `${SHOTS}/invitation-answered-1440.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  // Change the count to three: the pass comes first, the form behind 'Change Your Answer'.
  await page.getByRole('button', { name: 'Change Your Answer' }).click();
  await page.locator('label', { has: page.getByRole('radio', { name: '3', exact: true }) }).click();
  await page.getByLabel('Guest 3 name').fill('Princess Caroline');
  await page.getByRole('button', { name: 'Update RSVP' }).click();
  await expect(page.getByText('3 Guests', { exact: true })).toBeVisible();
  const updated = await waitForEmail(guestEmail, /^Updated confirmation/);
  expect(updated.text).toContain('3 Guests');

  // Decline: the seats go back, and the guest is told, with a calendar update.
  await page.goto(invitationPath);
  await expect(page.getByTestId('current-answer')).toContainText('You are attending with 3 guests.');
  await page.getByRole('button', { name: 'Change Your Answer' }).click();
  await page.getByText('Regretfully Decline').click();
  await page.getByRole('button', { name: 'Update RSVP' }).click();
  await expect(page.getByText(`We are sorry you cannot join us for ${eventName}.`)).toBeVisible();
  const declined = await waitForEmail(guestEmail, /^Declined/);
  expect(declined.text).toContain(`We have noted that you will not attend ${eventName}`);
  await page.goto(invitationPath);
  await expect(page.getByTestId('current-answer')).toContainText('You have declined.');
});
