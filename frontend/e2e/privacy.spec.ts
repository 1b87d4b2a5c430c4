import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { waitForEmail } from './support/mail';
import { signedInMember } from './support/member';

/** Where the screens are kept to be looked at (never in the repository). */
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/privacy-shots';

/** The screen at a phone's width and a desktop's, whole; the page is left at 1440 px. */
async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
}

/** Issue 31, section 3: leaving a mailing from an email, in one click, no session needed. */
test('unsubscribes from an email in one click, then chooses what to receive', async ({ page }) => {
  const email = `leaving.${Date.now()}@example.com`;
  const joined = await page.request.post('/api/waitlist', {
    data: {
      email,
      fullName: 'Clara Vance',
      phoneNumber: '',
      consent: true,
      bot_check: '',
      timestamp: new Date().toISOString(),
      source: 'landing',
    },
  });
  expect(joined.ok()).toBe(true);

  // The welcome email carries the RFC 8058 headers and the footer's links.
  const mail = await waitForEmail(email, /Inner Circle|Confirm your place/);
  const source = await (await fetch(`${process.env.E2E_MAIL_API}/email/${mail.id}/source`)).text();
  const headers = source.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  expect(headers).toMatch(/^List-Unsubscribe: <https?:\/\/[^>]+\/api\/privacy\/unsubscribe\?token=[\w.-]+>$/m);
  expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  const link = /https?:\/\/[^"\s]+\/unsubscribe\/[\w.-]+/.exec(mail.html)?.[0];
  expect(link, 'the footer links to the unsubscribe page').toBeTruthy();

  await page.goto(new URL(link!).pathname);
  await expect(page.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
  await expect(page.getByText(/Stop receiving club news and updates/)).toBeVisible();
  await shoot(page, 'unsubscribe');

  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: 'You Have Unsubscribed' })).toBeVisible();
  await expect(page.getByText(/You will no longer receive club news and updates/)).toBeVisible();
  await shoot(page, 'unsubscribed');

  await page.getByRole('link', { name: 'Choose what you receive' }).click();
  await expect(page.getByRole('heading', { name: 'Emails We Send You' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Club News and Updates' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Invitations to Events' })).toBeChecked();
  await shoot(page, 'email-preferences');

  await page.getByRole('switch', { name: 'Club News and Updates' }).click();
  await page.getByRole('button', { name: 'Save My Choices' }).click();
  await expect(page.getByText('Your choices are saved.')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Club News and Updates' })).toBeChecked();

  // An altered link is refused kindly.
  await page.goto(`${new URL(link!).pathname}x`);
  await expect(page.getByRole('heading', { name: 'This Link Cannot Be Read' })).toBeVisible();
  await shoot(page, 'unsubscribe-refused');
});

test('a member chooses the emails they receive in their account', async ({ browser, request }) => {
  const { page } = await signedInMember(browser, request, 'Helena Marsh');
  await page.goto('/concierge/account');
  const section = page.getByRole('region', { name: 'Emails We Send You' });
  await expect(section.getByRole('switch', { name: 'Concierge Digests' })).toBeChecked();
  await section.getByRole('switch', { name: 'Concierge Digests' }).click();
  await section.getByRole('button', { name: 'Save My Choices' }).click();
  await expect(page.getByText('Your choices are saved')).toBeVisible();
  await page.reload();
  await expect(section.getByRole('switch', { name: 'Concierge Digests' })).not.toBeChecked();
  await expect(section.getByRole('switch', { name: 'Club News and Updates' })).toBeChecked();
  await shoot(page, 'account-emails');
});
