import { expect, test } from '@playwright/test';

test.describe('the landing page', () => {
  test('renders its sections in order', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Extraordinary Access' })).toBeVisible();
    const ids = await page
      .locator('main section[id], section[id]')
      .evaluateAll((sections) => sections.map((s) => s.id));
    const order = ['hero', 'features', 'tiers', 'access', 'partners'];
    const positions = order.map((id) => ids.indexOf(id));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const tier of ['Nomad', 'Voyager', 'Patron', 'Black']) {
      await expect(page.locator('#tiers').getByText(tier, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByText('distinguished members await your arrival')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Apply Now' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Become a Partner' })).toBeVisible();
  });

  test('shows the waitlist validation messages', async ({ page }) => {
    await page.goto('/#access');
    const form = page.locator('#access');
    await form
      .getByRole('button', { name: /request|join|submit/i })
      .first()
      .click();
    await expect(form.getByText('Email is required')).toBeVisible();
    await expect(form.getByText('You must agree to receive updates')).toBeVisible();
    await form.getByLabel(/email/i).fill('not-an-email');
    await form
      .getByRole('button', { name: /request|join|submit/i })
      .first()
      .click();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  });

  test('signs up, welcomes the guest, and offers another invitation', async ({ page }) => {
    await page.goto('/?utm_source=e2e&ref=friend');
    const form = page.locator('#access');
    const email = `guest.${Date.now()}@example.com`;
    await form.getByLabel(/email/i).fill(email);
    await form.getByLabel(/full name/i).fill('Grace Kelly');
    await form.getByRole('checkbox').check();
    await form
      .getByRole('button', { name: /request|join|submit/i })
      .first()
      .click();
    await expect(form.getByRole('heading', { name: 'Welcome to the Inner Circle' })).toBeVisible();
    // The spec's success toast, beside the confirmation.
    await expect(page.getByText('Welcome to the inner circle.', { exact: true })).toBeVisible();
    await expect(page.getByText('Watch your inbox for updates.')).toBeVisible();
    await expect(
      page.getByText("Your place in our exclusive community is secured. We'll be in touch with updates."),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Request Another Invitation' }).click();
    await expect(form.getByLabel(/email/i)).toHaveValue('');
    await expect(form.getByRole('checkbox')).not.toBeChecked();
  });

  test('has a working mobile menu at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: /menu/i });
    await expect(toggle).toBeVisible();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('navigation').filter({ hasText: 'Concierge' }).last();
    for (const item of ['Concierge', 'Partners', 'Admin', 'Request Access']) {
      await expect(menu.getByText(item, { exact: true })).toBeVisible();
    }
    await menu.getByText('Partners', { exact: true }).click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('#partners')).toBeInViewport();
  });

  test('shows the not-found screen for an unknown path', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  });
});
