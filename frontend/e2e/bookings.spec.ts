import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AUTH } from './support/admin';
import { query } from './support/database';
import { expectInHouseStyle } from './support/house-checks';
import { listEmails, waitForEmail } from './support/mail';
import { signedInMember } from './support/member';

const SHOTS = process.env.E2E_SCREENSHOTS;
const admin = { headers: { authorization: AUTH } };

/** The screen at a phone's width and a desktop's, `focus` scrolled into view; the page is left at 1440 px. */
async function shoot(page: Page, name: string, focus?: Locator) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await focus?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
}

test('staff propose two options; the member saves a card and accepts one with one tap; confirmed after the webhook, with the receipt by email', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const grace = await signedInMember(browser, request, 'Grace Kelly');

  // The member's request, in a thread of theirs, which staff answer with two options.
  const [threadId, requestId] = [crypto.randomUUID(), crypto.randomUUID()];
  await query(`insert into concierge_threads (id, session_id, title) values ($1, $2, 'A yacht for the Grand Prix')`, [
    threadId,
    `member:${grace.id}`,
  ]);
  await query(
    `insert into user_requests (id, session_id, thread_id, text, status) values ($1, $2, $3, 'A yacht in Monaco for the Grand Prix weekend', 'received')`,
    [requestId, `member:${grace.id}`, threadId],
  );
  const proposed = await request.post(`/api/admin/user-requests/${requestId}/options`, {
    ...admin,
    data: {
      options: [
        {
          title: 'Benetti Oasis 40M, two days',
          price: 48000,
          currency: 'EUR',
          description: 'Four cabins and a crew of nine, moored in Port Hercule above the swimming pool section.',
          cancellationTerms: 'Refunded in full until seven days before the race.',
          validUntil: new Date(Date.now() + 3 * 24 * 3600_000).toISOString(),
          startsAt: '2027-05-29T09:00:00.000Z',
        },
        {
          title: 'Sunseeker 30M, two days',
          price: 32000,
          currency: 'EUR',
          description: 'Three cabins, a sun deck and a tender for the harbour.',
          cancellationTerms: 'Refunded in full until fourteen days before.',
          supplierToConfirm: true,
        },
      ],
    },
  });
  expect(proposed.ok(), await proposed.text()).toBeTruthy();

  const page = grace.page;
  await page.goto(`/concierge?thread=${threadId}`);
  const cards = page.getByRole('list', { name: 'Options proposed' }).first();
  await expect(cards.getByRole('listitem', { name: 'Benetti Oasis 40M, two days' })).toContainText('EUR 48,000.00');
  await expect(cards).toContainText('Refunded in full until seven days before the race.');
  await shoot(page, 'option-cards');
  await expectInHouseStyle(page);

  // Without a card, Accept opens the card form in place; the member saves a card instead.
  await cards.getByRole('button', { name: 'Accept Sunseeker 30M, two days' }).click();
  const form = cards.getByRole('form', { name: 'Card details' });
  await expect(form).toBeVisible();
  await shoot(page, 'accept-card-form', form);
  await expectInHouseStyle(page);
  await cards.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/concierge/account');
  const section = page.getByRole('region', { name: 'Payment Card' });
  await section.getByRole('button', { name: 'Add a Card' }).click();
  await section.getByLabel('Card number').fill('4242 4242 4242 4242');
  await section.getByLabel('Expiry').fill('12 / 30');
  await section.getByLabel('CVC').fill('123');
  await shoot(page, 'payment-card-form');
  await section.getByRole('button', { name: 'Save Card' }).click();
  await expect(section).toContainText('Visa ending 4242');
  await shoot(page, 'payment-card-saved');
  await expectInHouseStyle(page);

  // One tap: the saved card is charged; the card reads confirmed once the payment's event is in.
  await page.goto(`/concierge?thread=${threadId}`);
  const benetti = page
    .getByRole('list', { name: 'Options proposed' })
    .first()
    .getByRole('listitem', { name: 'Benetti Oasis 40M, two days' });
  await expect(benetti).toContainText('Visa ending 4242');
  await benetti.getByRole('button', { name: 'Accept Benetti Oasis 40M, two days' }).click();
  await expect(benetti).toContainText('Confirmed', { timeout: 30_000 });
  await expect(page.getByText(/It is confirmed: Benetti Oasis 40M/)).toBeVisible();
  await shoot(page, 'option-confirmed', benetti);
  const [row] = await query<{ status: string }>('select status from user_requests where id = $1', [requestId]);
  expect(row.status).toBe('confirmed');
  const [stored] = await query<{ outcome: string }>(
    `select outcome from stripe_events where type = 'payment_intent.succeeded' and payload->'data'->'object'->'metadata'->>'requestId' = $1`,
    [requestId],
  );
  expect(stored.outcome).toBe('applied');

  const mail = await waitForEmail(grace.email, /Confirmed: Benetti Oasis 40M/, 30_000);
  expect(mail.html).toMatch(/Receipt number/);
  expect(mail.html).toMatch(/EUR 48,000\.00/);
  expect(mail.html).toMatch(/Visa ending 4242/);
  expect(
    (await listEmails()).filter((m) => /Confirmed:/.test(m.subject) && m.to.some((to) => to.address === grace.email)),
  ).toHaveLength(1);

  // What staff see of it: the payment on the request, in the desk.
  if (SHOTS) {
    const desk = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await desk.addInitScript((auth) => sessionStorage.setItem('mf.admin.auth', auth), AUTH);
    await desk.goto('/admin');
    await desk.getByRole('tab', { name: 'Requests', exact: true }).click();
    await desk
      .getByRole('region', { name: 'Confirmed' })
      .getByRole('button', { name: /Grand Prix weekend/ })
      .click();
    const payment = desk.getByRole('dialog').getByRole('region', { name: 'Payment' });
    await expect(payment).toContainText('Paid');
    await payment.scrollIntoViewIfNeeded();
    for (const width of [375, 1440]) {
      await desk.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await payment.scrollIntoViewIfNeeded();
      await desk.screenshot({ path: join(SHOTS, `desk-payment-${width}.png`) });
    }
  }
});
