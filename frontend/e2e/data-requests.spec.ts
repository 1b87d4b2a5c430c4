import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { signIn } from './support/admin';
import { query } from './support/database';
import { settle } from './support/house-checks';
import { waitForEmail, type CapturedEmail } from './support/mail';

const SHOTS = process.env.E2E_SCREENSHOTS;

/** The screen at a phone's width and a desktop's, whole; the page is left at 1440 px. */
async function shoot(page: Page, name: string, fullPage = true) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage });
  }
}

function pathIn(mail: CapturedEmail, path: RegExp): string {
  const match = path.exec(mail.html) ?? path.exec(mail.text);
  if (!match) throw new Error(`No link matching ${path} in '${mail.subject}'`);
  return new URL(match[0]).pathname;
}

/** Nothing on the page reaches past the right edge (a phone would scroll sideways), once it follows the new width. */
async function fitsTheWidth(page: Page) {
  await settle(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a person asks by email for their data, downloads the copy, asks for erasure, and an owner carries it out from the queue', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const email = `cary.${Date.now()}@example.com`;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const joined = await context.request.post('/api/waitlist', {
    data: { email, fullName: 'Cary Grant', consent: true, bot_check: '' },
  });
  expect(joined.ok(), await joined.text()).toBeTruthy();

  const page = await context.newPage();
  await page.goto('/your-data');
  await expect(page.getByRole('heading', { name: 'Your Data' })).toBeVisible();
  await page.getByRole('button', { name: 'Email Me a Link' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a valid email address');
  await page.setViewportSize({ width: 375, height: 812 });
  await fitsTheWidth(page);
  await shoot(page, 'your-data-refused');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Email Me a Link' }).click();
  await expect(page.getByRole('heading', { name: 'Please Check Your Email' })).toBeVisible();
  await shoot(page, 'your-data-sent');

  const linkMail = await waitForEmail(email, /^Your Data ·/);
  await page.goto(pathIn(linkMail, /https?:\/\/[^"'\s<>]+\/your-data\/[A-Za-z0-9_.-]+/));
  await expect(page.getByText(`For ${email}.`)).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await fitsTheWidth(page);
  await shoot(page, 'your-data-link');
  await page.getByRole('button', { name: 'Send Me a Copy' }).click();
  await expect(page.getByRole('heading', { name: 'Your Copy Is on Its Way' })).toBeVisible();
  await shoot(page, 'your-data-copy-asked');

  const ready = await waitForEmail(email, /Your Data Is Ready/, 30_000);
  const downloadPath = pathIn(ready, /https?:\/\/[^"'\s<>]+\/your-data\/download\/[A-Za-z0-9_-]+/);
  await page.goto(downloadPath);
  await expect(page.getByRole('heading', { name: 'Your Copy Is Ready' })).toBeVisible();
  await shoot(page, 'your-data-download');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download Your Data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^your-data-\d{4}-\d{2}-\d{2}\.zip$/);

  // An address that was tampered with is refused kindly.
  await page.goto('/your-data/not-a-link');
  await expect(page.getByRole('heading', { name: 'This Link Is Not Valid' })).toBeVisible();
  await shoot(page, 'your-data-link-refused');

  await page.goto(pathIn(linkMail, /https?:\/\/[^"'\s<>]+\/your-data\/[A-Za-z0-9_.-]+/));
  await page.getByRole('button', { name: 'Erase My Data' }).click();
  await page.getByRole('button', { name: 'Yes, Erase My Data' }).click();
  await expect(page.getByRole('heading', { name: 'Your Request Is Received' })).toBeVisible();
  await shoot(page, 'your-data-erasure-asked');

  // The owner's queue, with its clock; the erasure carried out from it.
  const admin = await context.newPage();
  await admin.goto('/admin');
  await signIn(admin);
  await admin.getByRole('tab', { name: 'Data Requests' }).click();
  const row = admin.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
  await expect(row).toContainText('30 days left');
  await shoot(admin, 'data-requests-tab');
  await admin.setViewportSize({ width: 1440, height: 900 });
  await row.getByRole('button', { name: 'Erase Now' }).click();
  // A click that lands while the confirmation is still opening can be lost: it is made again
  // until the dialog closes (while the erasure runs, the button is busy and ignores another).
  const confirm = admin.getByRole('dialog').getByRole('button', { name: 'Erase Now' });
  await expect(async () => {
    if (await confirm.isVisible()) await confirm.click({ timeout: 2000 });
    await expect(admin.getByRole('dialog')).toBeHidden({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toHaveCount(0);
  const [entry] = await query<{ n: number }>(
    'select count(*)::int as n from waitlist_entries where lower(email) = $1',
    [email],
  );
  expect(entry.n).toBe(0);
  await admin.getByText('All', { exact: true }).click();
  await expect(admin.getByRole('row', { name: /Erasure/ }).first()).toContainText('Erased');
  await shoot(admin, 'data-requests-tab-all');
  await context.close();
});

test('a member downloads their data and asks to erase their account from Your Account', async ({ browser }) => {
  test.setTimeout(120_000);
  const email = `grace.data.${Date.now()}@example.com`;
  await query(
    `insert into members (id, name, email, tier, status, joined_at) values ($1, 'Grace Kelly', $2, 'patron', 'active', now())`,
    [randomUUID(), email],
  );
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const asked = await context.request.post('/api/members/sign-in/email', { data: { email } });
  expect(asked.ok(), await asked.text()).toBeTruthy();
  const signInMail = await waitForEmail(email, /Your Sign-In Link/);
  const page = await context.newPage();
  await page.goto(pathIn(signInMail, /https?:\/\/[^"'\s<>]+\/members\/sign-in\/[A-Za-z0-9_.-]+/));
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/concierge$/);

  await page.goto('/concierge/account');
  const section = page.getByRole('region', { name: 'Your Data' });
  await expect(section).toBeVisible();
  await section.getByRole('button', { name: 'Download My Data' }).click();
  await expect(section.getByRole('list', { name: 'Your requests' })).toContainText('A copy of your data');
  await waitForEmail(email, /Your Data Is Ready/, 30_000);

  await section.getByRole('button', { name: 'Erase My Account' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Erase My Account' })).toBeDisabled();
  await dialog.getByRole('textbox').fill('erase');
  await shoot(page, 'account-erase-dialog', false);
  await dialog.getByRole('button', { name: 'Erase My Account' }).click();
  await expect(section.getByRole('list', { name: 'Your requests' })).toContainText('Erasure of your account');
  await expect(section.getByRole('button', { name: 'Erasure Requested' })).toBeDisabled();
  await section.scrollIntoViewIfNeeded();
  await page.setViewportSize({ width: 375, height: 812 });
  await fitsTheWidth(page);
  await shoot(page, 'account-your-data');
  await context.close();
});
