import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { query } from './support/database';

const SHOTS = process.env.E2E_SCREENSHOTS;
const BRAND = 'Maison Fortuna';
const WIDTHS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1440, height: 900 },
];

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** The analytics events this browser's visitor has recorded, by name (beacons reach the server unseen by Playwright). */
async function eventsOf(page: Page): Promise<string[]> {
  const visitorId = await page.evaluate(() => localStorage.getItem('maison-fortuna.visitor-id'));
  const rows = await query<{ name: string }>('select name from analytics_events where visitor_id = $1', [visitorId]);
  return rows.map((row) => row.name);
}

const assistantMessages = (page: Page) => page.locator('main article[data-role="assistant"]');

test.describe('the session chat at /modern-concierge', () => {
  for (const size of WIDTHS) {
    test(`welcome, a travel question, its picture, Continue and the session's requests (${size.width}px)`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await page.goto('/modern-concierge');
      await expect(
        page.getByText(
          `Welcome to ${BRAND}'s dedicated concierge service. I'm your personal luxury concierge with access to current global insights. How may I assist you today?`,
        ),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'Return to homepage' })).toHaveAttribute('href', '/');
      const continueButton = page.getByRole('button', {
        name: size.width < 768 ? 'Continue' : 'Continue conversation',
        exact: true,
      });
      // Not enabled yet (aria-disabled), but a click still says why.
      await expect(continueButton).toHaveAttribute('aria-disabled', 'true');
      await continueButton.click({ force: true });
      await expect(page.getByText('Cannot continue conversation')).toBeVisible();
      await expect(
        page.getByText("There's no active request to continue. Please start a new conversation."),
      ).toBeVisible();
      // The welcome itself has no picture.
      await expect(page.locator('figure')).toHaveCount(0);

      const box = page.getByPlaceholder('Ask a question...');
      await box.fill('Plan a trip to Lisbon for two in the first week of June, with a suite and a private guide');
      await box.press('Enter');
      await expect(box).toHaveValue('');
      await expect(assistantMessages(page)).toHaveCount(2, { timeout: 15_000 });
      await expect(assistantMessages(page).nth(1)).toContainText('Lisbon');
      await expect(assistantMessages(page).nth(1).locator('time')).toHaveText(/^\d{1,2}:\d{2}/);

      // The worker draws the picture; the bundled art with its badge stands in if it is late.
      const panel = page.locator('figure[data-state="loaded"], figure[data-state="fallback"]').first();
      await expect(panel).toBeVisible({ timeout: 15_000 });
      const state = await panel.getAttribute('data-state');
      if (state === 'fallback') await expect(panel.getByText('Using enhanced image')).toBeVisible();
      const image = panel.locator('img');
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      const box20rem = await image.boundingBox();
      expect(box20rem!.height).toBeLessThanOrEqual(320.5);

      await expect(continueButton).toHaveAttribute('aria-disabled', 'false');
      await continueButton.click();
      await expect(assistantMessages(page)).toHaveCount(3, { timeout: 15_000 });

      await shoot(page, `modern-concierge-${size.width}`);
      if (size.width < 768) await page.getByRole('button', { name: 'Your requests' }).click();
      const requests = page.getByRole(size.width < 768 ? 'dialog' : 'complementary', { name: 'Your requests' });
      await expect(requests.getByText(/Plan a trip to Lisbon/)).toBeVisible();
      await expect(requests.getByText('Received', { exact: true })).toBeVisible();
      if (size.width < 768) await shoot(page, `modern-concierge-${size.width}-requests`);
      if (size.width < 768) await page.keyboard.press('Escape');

      // Once parsed by the worker, the request reads as the concierge understood it.
      await page.reload();
      if (size.width < 768) await page.getByRole('button', { name: 'Your requests' }).click();
      await expect(requests.getByText('Travel')).toBeVisible();
      await expect(requests.getByText('Lisbon, Portugal')).toBeVisible();
      await expect(requests.getByText('first week of June', { exact: true })).toBeVisible();

      await expect
        .poll(() => eventsOf(page))
        .toEqual(expect.arrayContaining(['concierge_page_viewed', 'concierge_interaction']));
    });
  }

  test('a question "near me" is answered for where the member is', async ({ browser }) => {
    const context = await browser.newContext({
      geolocation: { latitude: 43.7392, longitude: 7.4276 },
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    const located = page.waitForResponse((r) => r.url().includes('/api/geo/reverse') && r.ok());
    await page.goto('/modern-concierge');
    expect((await (await located).json()).data.locationName).toBe('Monaco');
    const box = page.getByPlaceholder('Ask a question...');
    await box.fill('A table for dinner near me tonight, please');
    await box.press('Enter');
    await expect(assistantMessages(page).nth(1)).toContainText('Dining near you in Monaco', { timeout: 15_000 });
    await context.close();
  });
});

test.describe('the floating concierge', () => {
  for (const size of WIDTHS) {
    test(`opens and closes by button, backdrop and Escape; replies with preferences and a gallery (${size.width}px)`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await page.goto('/');
      const launcher = page.getByRole('button', { name: 'Ask the concierge' });
      await expect(launcher).toBeVisible();
      const dialog = page.getByRole('dialog', { name: `${BRAND} Concierge` });

      // Keyboard: focus reaches the launcher and Enter opens it.
      await launcher.focus();
      await page.keyboard.press('Enter');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText('Personalized luxury assistance')).toBeVisible();
      await expect(
        dialog.getByText(
          `Welcome to ${BRAND}. I'm your personal luxury concierge with access to current global insights. How may I assist you today?`,
        ),
      ).toBeVisible();
      const expected = size.width < 768 ? 0.8 * size.height : 600;
      expect(Math.abs((await dialog.boundingBox())!.height - expected)).toBeLessThan(2);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
      await expect(launcher).toBeFocused();

      await launcher.click();
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      await launcher.click();
      await expect(dialog).toBeVisible();
      await page.mouse.click(4, 4);
      await expect(dialog).toBeHidden();

      await launcher.click();
      const box = dialog.getByPlaceholder('Ask anything...');
      const send = dialog.getByRole('button', { name: 'Send' });
      await expect(send).toBeDisabled();
      await box.fill('Charter a yacht in Monaco next weekend');
      await box.press('Shift+Enter');
      await box.pressSequentially('for 8 guests with catering and a DJ');
      await expect(box).toHaveValue('Charter a yacht in Monaco next weekend\nfor 8 guests with catering and a DJ');
      await box.press('Enter');
      const replies = dialog.locator('article[data-role="assistant"]');
      await expect(replies).toHaveCount(2, { timeout: 15_000 });
      await expect(replies.nth(1).locator('h3')).toContainText('Monaco');

      const strip = dialog.getByRole('region', { name: 'Understanding your preferences' });
      await expect(strip.getByText('Location: Monaco')).toBeVisible({ timeout: 15_000 });
      await expect(strip.getByText('yacht', { exact: true })).toBeVisible();
      await expect(strip.getByText(/^Events$|mainCategory/)).toHaveCount(0);

      const gallery = replies.nth(1).locator('[data-gallery]');
      await expect(gallery).toHaveAttribute('data-gallery', 'yacht');
      await expect(gallery.locator('img')).toHaveCount(2);
      // Placed before the closing sign-off.
      const galleryTop = (await gallery.boundingBox())!.y;
      const signOffTop = (await replies.nth(1).getByText(`${BRAND} Concierge`).boundingBox())!.y;
      expect(galleryTop).toBeLessThan(signOffTop);
      await shoot(page, `concierge-widget-${size.width}`);

      await strip.getByRole('button', { name: 'Generate follow-up question' }).click();
      await expect(replies).toHaveCount(3, { timeout: 15_000 });

      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect
        .poll(() => eventsOf(page))
        .toEqual(expect.arrayContaining(['ai_concierge_interaction', 'ai_concierge_closed']));
    });
  }

  test('is absent from the admin, the concierge screens and the guest pages, present elsewhere', async ({ page }) => {
    const launcher = page.getByRole('button', { name: 'Ask the concierge' });
    await page.goto('/vendor-apply');
    await expect(launcher).toBeVisible();
    for (const path of ['/admin', '/concierge', '/modern-concierge', '/invitations/x/thank-you', '/invitation/x']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(launcher).toHaveCount(0);
    }
  });
});
