import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { waitForEmail } from './support/mail';
import { ADMIN, AUTH, createEvent } from './support/admin';

const SHOTS = process.env.E2E_SCREENSHOTS;

async function paidEventWithInvitation(request: APIRequestContext, email: string) {
  const name = `Riviera Gala ${Date.now()}`;
  const eventId = await createEvent(request, name, {
    description: 'An evening on the terrace to open the season.',
    eventType: 'gala',
    capacity: 50,
    ticketPrice: 250,
  });
  const invitation = await request.post('/api/admin/invitations', {
    headers: { authorization: AUTH },
    data: { eventId, recipientName: 'Grace Kelly', recipientEmail: email, maxGuests: 2 },
  });
  expect(invitation.ok()).toBeTruthy();
  return { name, eventId, code: (await invitation.json()).data.invitationCode as string };
}

async function payWith(page: Page, card: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay Now' }).click();
}

test('a guest pays for a paid event with the test gateway, and the admin sees and refunds it', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const email = `guest.${Date.now()}@example.com`;
  const { name, code } = await paidEventWithInvitation(request, email);

  // RSVP for two guests to the paid event.
  await page.goto(`/invitation/${code}`);
  await page.getByText('Joyfully Accept').click();
  await page.getByRole('radiogroup', { name: 'Number of guests' }).getByText('2', { exact: true }).click();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();

  // The payment page shows the server's amount: 2 x EUR 250.00.
  await expect(page).toHaveURL(new RegExp(`/invitations/${code}/payment/[0-9a-f-]{36}$`));
  await expect(page.getByRole('heading', { name: 'Complete Your Reservation' })).toBeVisible();
  await expect(page.getByText(name)).toBeVisible();
  await expect(page.getByText('Ticket Fee')).toBeVisible();
  await expect(page.getByTestId('ticket-fee')).toHaveText('EUR 500.00');
  await expect(page.getByText(/No real card is charged/)).toBeVisible();
  if (SHOTS) {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ animations: 'disabled', path: `${SHOTS}/payment-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ animations: 'disabled', path: `${SHOTS}/payment-1440.png`, fullPage: true });
  }

  // A declined card shows the provider's message.
  await payWith(page, '4000 0000 0000 0002');
  await expect(page.getByRole('form', { name: 'Test card payment' }).getByRole('alert')).toContainText(
    'Your card was declined.',
  );
  await expect(page.getByText('Payment failed').first()).toBeVisible();

  // 4242 lands on the thank-you page, and the confirmation email goes out.
  await payWith(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(new RegExp(`/invitations/${code}/thank-you$`));
  await expect(page.getByText('Thank You!')).toBeVisible();
  await expect(page.getByText(`Your RSVP has been confirmed for ${name}`)).toBeVisible();
  await expect(page.getByText('2 Guests', { exact: true })).toBeVisible();
  await waitForEmail(email, /./);

  // The admin's Payments tab shows it succeeded, with a receipt.
  await page.goto('/admin');
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('tab', { name: 'Launch Party' }).click();
  await page.getByRole('tab', { name: 'Responses' }).click();
  await page.getByRole('tab', { name: 'Payments' }).click();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('succeeded');
  await expect(row).toContainText('500.00');
  await expect(row).toContainText('EUR');
  await expect(row).toContainText(name);
  const receipt = row.getByRole('link', { name: /Receipt/ });
  await expect(receipt).toBeVisible();
  const receiptPage = await request.get((await receipt.getAttribute('href')) ?? '');
  expect(await receiptPage.text()).toContain('EUR 500.00');

  await row.getByRole('button', { name: /Details/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment Details' });
  await expect(dialog).toContainText('EUR 500.00');
  await expect(dialog).toContainText('Grace Kelly');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Refund, confirmed: it lands as refunded through the webhook path.
  await row.getByRole('button', { name: /Refund/ }).click();
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByText('Refund requested')).toBeVisible();
  await expect(row).toContainText('refunded', { timeout: 15_000 });
  await expect(page.getByText('Payment refunded')).toBeVisible();

  // The RSVP seen before the refund now reads as it is: the seats went back on sale.
  await page.getByRole('tab', { name: 'RSVPs' }).click();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Not attending');
});
