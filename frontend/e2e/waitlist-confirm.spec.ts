import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { signIn } from './support/admin';
import { settle } from './support/house-checks';
import { waitForEmail } from './support/mail';
import { choose } from './support/page';

const SHOTS = process.env.E2E_SCREENSHOTS;

/** The screen at a phone's width and a desktop's, whole; the page is left at 1440 px. */
async function shoot(page: Page, name: string) {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await settle(page);
    // Nothing reaches past the right edge at either width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width} px`).toBeLessThanOrEqual(0);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
    }
  }
}

test.describe('double opt-in: a sign-up is confirmed through its email', () => {
  test('refuses a disposable address, then confirms a real one from the email’s link, and staff see it', async ({
    page,
  }) => {
    await page.goto('/#access');
    const form = page.locator('#access');
    await form.getByLabel(/email/i).fill('someone@mailinator.com');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Request Invitation' }).click();
    await expect(
      form.getByText('Please use a permanent email address: we do not accept addresses from disposable-mail services.'),
    ).toBeVisible();
    await expect(form.getByLabel(/email/i)).toHaveAttribute('aria-invalid', 'true');

    const email = `confirm.${Date.now()}@example.com`;
    await form.getByLabel(/email/i).fill(email);
    await form.getByLabel(/full name/i).fill('Grace Kelly');
    await form.getByRole('button', { name: 'Request Invitation' }).click();
    // The spec's confirmation, as it was.
    await expect(form.getByRole('heading', { name: 'Welcome to the Inner Circle' })).toBeVisible();

    const mail = await waitForEmail(email, /Confirm your place/);
    const link = /https?:\/\/[^\s"'<>]+\/waitlist\/confirm\/[A-Za-z0-9_-]+/.exec(mail.html)?.[0];
    expect(link, 'the email carries the confirmation link').toBeTruthy();
    await page.goto(new URL(link!).pathname);
    await expect(page.getByRole('heading', { name: 'Confirm Your Place' })).toBeVisible();
    await shoot(page, 'waitlist-confirm');

    // Opening the page confirmed nothing: staff still see the sign-up as unconfirmed.
    const staff = await page.context().newPage();
    await staff.goto('/admin');
    await signIn(staff);
    await staff.getByRole('tab', { name: 'Waitlist' }).click();
    const filters = staff.getByRole('group', { name: 'Filter the waitlist' });
    await choose(staff, filters, 'Confirmation', 'Unconfirmed');
    await staff.getByLabel('Search the waitlist').fill(email);
    await expect(staff.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) })).toContainText(
      'Unconfirmed',
    );
    await shoot(staff, 'waitlist-tab-unconfirmed');

    await page.getByRole('button', { name: 'Confirm My Place' }).click();
    await expect(page.getByRole('heading', { name: 'Your Place Is Confirmed' })).toBeVisible();
    await shoot(page, 'waitlist-confirmed');

    // ('Confirmed' is a part of 'Unconfirmed': chosen by its exact title.)
    await expect(async () => {
      await filters.getByLabel('Confirmation').click();
      await staff.locator('.ant-select-item-option[title="Confirmed"]').click({ timeout: 5_000 });
      await expect(filters.getByTitle('Confirmed', { exact: true })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(staff.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) })).not.toContainText(
      'Unconfirmed',
    );

    // The link again: harmless, and says so.
    await page.goto(new URL(link!).pathname);
    await page.getByRole('button', { name: 'Confirm My Place' }).click();
    await expect(page.getByRole('heading', { name: 'Already Confirmed' })).toBeVisible();

    // A link nobody holds.
    await page.goto('/waitlist/confirm/this-link-was-mistyped-000000');
    await page.getByRole('button', { name: 'Confirm My Place' }).click();
    await expect(page.getByRole('heading', { name: 'This Link Is No Longer Valid' })).toBeVisible();
    await shoot(page, 'waitlist-confirm-invalid');
  });
});
