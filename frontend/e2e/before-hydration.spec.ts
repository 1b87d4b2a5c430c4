import { expect, test, type Page } from '@playwright/test';

// A visitor on a slow phone reads a prerendered page and starts filling its form before the
// scripts have taken it over: what they typed and ticked must count once they have.

/** Holds the app's entry script back until `release` is called; resolves once React owns the page. */
async function holdScripts(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return {
    release,
    hydrated: () =>
      page.waitForFunction(() => {
        const form = document.querySelector('form');
        return !!form && Object.keys(form).some((key) => key.startsWith('__reactFiber$'));
      }),
  };
}

test('/vendor-apply: text typed and a category ticked before hydration are in the form after it', async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto('/vendor-apply', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Vendor application' });
  await form.getByLabel('Business Name', { exact: true }).fill("Claridge's");
  await form.getByLabel('Contact Person', { exact: true }).fill('Harriet Windsor');
  await form.getByRole('checkbox', { name: 'Hotel' }).check();
  scripts.release();
  await scripts.hydrated();

  await expect(form.getByLabel('Business Name', { exact: true })).toHaveValue("Claridge's");
  await expect(form.getByRole('checkbox', { name: 'Hotel' })).toBeChecked();
  await form.getByRole('button', { name: 'Submit Application' }).click();
  // The fields left empty are refused; the ones filled in before hydration are not.
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await expect(form.getByText('Business name must be at least 2 characters')).toHaveCount(0);
  await expect(form.getByText('Contact name must be at least 2 characters')).toHaveCount(0);
  await expect(form.getByText('Please select at least one category')).toHaveCount(0);
});

test('/: the waitlist form filled in before hydration signs the visitor up', async ({ page }) => {
  const scripts = await holdScripts(page);
  // The landing page's entry is a module script of its HTML: held, it holds the load events too.
  await page.goto('/', { waitUntil: 'commit' });
  const form = page.locator('#access');
  await form.getByLabel(/email/i).fill(`early.${Date.now()}@example.com`);
  await form.getByLabel(/full name/i).fill('Grace Kelly');
  await form.getByRole('checkbox').check();
  scripts.release();
  await scripts.hydrated();

  await form
    .getByRole('button', { name: /request|join|submit/i })
    .first()
    .click();
  await expect(form.getByRole('heading', { name: 'Welcome to the Inner Circle' })).toBeVisible();
});

test('/: a part below the fold that is still its prerendered HTML answers the first tap on it', async ({ page }) => {
  // Neither idle time nor scrolling takes the parts below the fold over here: only the tap can.
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
    window.IntersectionObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    } as unknown as typeof IntersectionObserver;
  });
  await page.goto('/');
  // The page above the fold is React's (the waitlist form hydrates first).
  await page.waitForFunction(() => {
    const form = document.querySelector('form');
    return !!form && Object.keys(form).some((key) => key.startsWith('__reactFiber$'));
  });
  const apply = page.getByRole('button', { name: 'Apply Now' });
  expect(await apply.evaluate((button) => Object.keys(button).some((key) => key.startsWith('__reactFiber$')))).toBe(
    false,
  );
  await apply.click();
  await expect(page).toHaveURL(/\/vendor-apply$/);
});
