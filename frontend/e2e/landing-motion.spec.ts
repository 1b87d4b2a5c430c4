import { expect, test, type Page } from '@playwright/test';
import { query } from './support/database';

const scrollTo = (page: Page, y: number) => page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);

/** Opens the landing page and waits until it is rendered (its chunk loads after the shell). */
async function openLanding(page: Page) {
  await page.goto('/');
  await expect(page.locator('#partners')).toBeAttached();
}

/** The stored analytics events of this browser's visitor id. */
async function storedEvents(page: Page, name: string): Promise<number> {
  const visitorId = await page.evaluate(() => localStorage.getItem('maison-fortuna.visitor-id'));
  const [{ n }] = await query<{ n: number }>(
    'select count(*)::int as n from analytics_events where visitor_id = $1 and name = $2',
    [visitorId, name],
  );
  return n;
}

test.describe('landing page motion, in a real browser', () => {
  test('the header turns dark and blurred once scrolled more than 50 px', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    const look = () =>
      header.evaluate((element) => {
        const style = getComputedStyle(element);
        return { background: style.backgroundColor, filter: style.backdropFilter };
      });
    await expect.poll(look).toEqual({ background: 'rgba(0, 0, 0, 0)', filter: 'none' });

    await scrollTo(page, 60);
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await expect.poll(look).toEqual({ background: 'rgba(11, 11, 12, 0.78)', filter: 'blur(16px) saturate(1.2)' });
  });

  test('section links land 100 px below the top, clear of the fixed header', async ({ page }) => {
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main', exact: true })
      .getByRole('button', { name: 'Request Access' })
      .click();
    const top = () => page.locator('#access').evaluate((section) => Math.round(section.getBoundingClientRect().top));
    await expect.poll(top, { timeout: 5000 }).toBe(100);

    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Partners' }).click();
    const partners = () =>
      page.locator('#partners').evaluate((section) => Math.round(section.getBoundingClientRect().top));
    await expect.poll(partners, { timeout: 5000 }).toBe(100);
  });

  test('section links land 100 px below the top on a slow connection, where the web fonts arrive after the click', async ({
    page,
  }) => {
    // The fonts swap in after the click, reflowing every section above the target.
    await page.route('**/*.woff2', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await openLanding(page);
    expect(await page.evaluate(() => document.fonts.status)).toBe('loading');
    await page
      .getByRole('navigation', { name: 'Main', exact: true })
      .getByRole('button', { name: 'Request Access' })
      .click();
    const top = () => page.locator('#access').evaluate((section) => Math.round(section.getBoundingClientRect().top));
    await expect.poll(() => page.evaluate(() => document.fonts.status), { timeout: 10_000 }).toBe('loaded');
    await expect.poll(top, { timeout: 5000 }).toBe(100);
  });

  test('sections fade in as they come into view', async ({ page }) => {
    await page.goto('/');
    const reveal = page.locator('#privacy [class*="reveal"]').first();
    await expect(reveal).not.toHaveAttribute('data-shown');
    expect(await reveal.evaluate((element) => getComputedStyle(element).opacity)).toBe('0');

    await reveal.scrollIntoViewIfNeeded();
    await expect(reveal).toHaveAttribute('data-shown', 'true');
    await expect.poll(() => reveal.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
  });

  test('scroll_75 is recorded once per visit: not again after scrolling back, leaving or reloading', async ({
    page,
    browser,
  }) => {
    await openLanding(page);
    await scrollTo(page, 10_000);
    await expect.poll(() => storedEvents(page, 'scroll_75')).toBe(1);

    await scrollTo(page, 0);
    await scrollTo(page, 10_000);
    await page.getByRole('button', { name: 'Apply Now' }).click();
    await expect(page.getByRole('heading', { name: 'Become a Vendor Partner' })).toBeVisible();
    await page.goBack();
    await expect(page.locator('#partners')).toBeVisible();
    await scrollTo(page, 10_000);
    await page.reload();
    await expect(page.locator('#partners')).toBeAttached();
    await scrollTo(page, 10_000);
    // A page_view is sent at each of the 4 page loads and route changes above; once they are all
    // stored, a second scroll_75 would have been too.
    await expect.poll(() => storedEvents(page, 'page_view')).toBe(4);
    expect(await storedEvents(page, 'scroll_75')).toBe(1);

    // A new visit (a new browser session) counts again.
    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const visit = await context.newPage();
    await openLanding(visit);
    await scrollTo(visit, 10_000);
    await expect.poll(() => storedEvents(visit, 'scroll_75')).toBe(1);
    await context.close();
  });

  test('every route change scrolls to the top', async ({ page }) => {
    await openLanding(page);
    await page.locator('#partners').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);

    await page.getByRole('button', { name: 'Apply Now' }).click();
    await expect(page).toHaveURL(/\/vendor-apply$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the hero shows its 3 images in turn, 5 seconds each', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const active = () =>
      page.locator('#hero img').evaluateAll((images) => images.findIndex((image) => image.hasAttribute('data-active')));
    await expect(page.locator('#hero img')).toHaveCount(3);
    expect(await active()).toBe(0);
    await page.clock.runFor(5000);
    expect(await active()).toBe(1);
    await page.clock.runFor(5000);
    expect(await active()).toBe(2);
    await page.clock.runFor(5000);
    expect(await active()).toBe(0);
  });
});
