import { expect, test } from '@playwright/test';

// The landing page arrives as HTML prerendered by the api: a visitor (or a crawler) without
// JavaScript reads it whole.
test.use({ javaScriptEnabled: false });

test('without JavaScript, / shows the hero, the sections, the four tiers and the waitlist form', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'The world, privately arranged.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Extraordinary Access' })).toBeVisible();
  // The sections that fade in on scroll are shown as they are.
  const reveals = page.locator('[data-reveal]');
  expect(await reveals.count()).toBeGreaterThan(3);
  expect(await reveals.evaluateAll((nodes) => nodes.map((node) => getComputedStyle(node).opacity))).toEqual(
    Array(await reveals.count()).fill('1'),
  );

  const tiers = page.getByRole('region', { name: /four tiers/i });
  for (const tier of ['Nomad', 'Voyager', 'Patron', 'Black']) {
    await expect(tiers.getByRole('article', { name: tier })).toBeVisible();
  }

  const form = page.getByRole('form', { name: 'Request early access' });
  await expect(form.getByLabel('Email address')).toBeVisible();
  await expect(form.getByLabel(/full name/i)).toBeVisible();
  await expect(form.getByLabel(/phone number/i)).toBeVisible();
  await expect(
    form.getByRole('checkbox', { name: "I confirm I'm 25+ and consent to receive updates from Maison Fortuna." }),
  ).toBeVisible();
  await expect(form.getByRole('button', { name: 'Request Invitation' })).toBeVisible();
  await expect(page.getByText('distinguished members await your arrival')).toBeVisible();
});
