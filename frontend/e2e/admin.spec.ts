import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { untilInteractive } from './support/page';
import { ADMIN, AUTH, signIn } from './support/admin';

test.describe('the admin dashboard', () => {
  test.afterEach(async ({ request }) => {
    // Never leave the shared app in maintenance mode for the next spec.
    await request.put('/api/admin/maintenance', { headers: { authorization: AUTH }, data: { enabled: false } });
  });

  test('refuses a wrong password, then signs in and shows a new sign-up in the waitlist', async ({ page }) => {
    const email = `admin.e2e.${Date.now()}@example.com`;
    await page.goto('/#access');
    const form = page.locator('#access');
    await form.getByLabel(/email/i).fill(email);
    await form.getByLabel(/full name/i).fill('Coco Chanel');
    await form.getByRole('checkbox').check();
    await form
      .getByRole('button', { name: /request|join|submit/i })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'Welcome to the Inner Circle' })).toBeVisible();

    await page.goto('/admin');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    await signIn(page, 'not-the-password');
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid credentials' })).toBeVisible();

    await signIn(page);
    await expect(page.getByRole('tab', { name: 'Waitlist' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Vendors' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Launch Party' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Coco Chanel');

    await page.getByLabel('Search the waitlist').fill(email);
    await expect(page.getByRole('row').filter({ hasText: email })).toBeVisible();
    await page.getByLabel('Search the waitlist').fill('nobody-matches-this-search');
    await expect(page.getByText('No waitlist entries found.')).toBeVisible();

    // The credentials live in sessionStorage only.
    expect(await page.evaluate(() => sessionStorage.getItem('mf.admin.auth'))).toMatch(/^Basic /);
    expect(await page.evaluate(() => localStorage.getItem('mf.admin.auth'))).toBeNull();

    // Expired credentials send the admin back to the login.
    await page.evaluate(() => sessionStorage.setItem('mf.admin.auth', `Basic ${btoa('admin:changed-since')}`));
    await page.getByLabel('Search the waitlist').fill('coco');
    await expect(page.getByText('Authentication expired')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  test('Export CSV lets the browser download the whole waitlist through a single-use link', async ({ page }) => {
    const email = `export.e2e.${Date.now()}@example.com`;
    await page.request.post('/api/waitlist', {
      data: { email, fullName: 'Export Member', consent: true, bot_check: '' },
    });
    await page.goto('/admin');
    await signIn(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^waitlist-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(download.url()).toMatch(/\/api\/admin\/waitlist\/export\?token=/);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toContain('"Name","Email","Phone","Net worth (USD millions)","Source","Created"');
    expect(csv).toContain(`"Export Member","${email}"`);
    // The page stayed where it was, and the link does not open a second time.
    await expect(page.getByRole('tab', { name: 'Waitlist' })).toBeVisible();
    expect((await page.request.get(download.url())).status()).toBe(401);
  });

  test('on narrow screens the waitlist shows cards', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.request.post('/api/waitlist', {
      data: { email: `narrow.${Date.now()}@example.com`, consent: true, bot_check: '' },
    });
    await page.goto('/admin');
    await signIn(page);
    await expect(page.getByRole('tab', { name: 'Waitlist' })).toBeVisible();
    await expect(page.locator('table')).toHaveCount(0);
    await expect(page.getByText('Net Worth').first()).toBeVisible();
  });

  test('maintenance mode: switched on from /admin, the public site shows the Maintenance screen, Return to Site turns it off', async ({
    page,
    context,
  }) => {
    await page.goto('/admin');
    await signIn(page);
    await page.getByRole('switch', { name: 'Maintenance mode' }).click();
    await expect(page.getByText('Maintenance Mode Active')).toBeVisible();

    const visitor = await context.browser()!.newPage();
    await visitor.goto('/');
    await expect(visitor.getByRole('heading', { name: 'Maintenance Mode' })).toBeVisible();
    await expect(
      visitor.getByText("We're currently making some improvements to our site. Please check back soon."),
    ).toBeVisible();
    // Public writes are refused by the server too.
    const refused = await visitor.request.post('/api/waitlist', { data: { email: 'x@example.com', consent: true } });
    expect(refused.status()).toBe(503);
    // ?admin=true and /admin are never hidden.
    await visitor.goto('/?admin=true');
    await expect(visitor.getByRole('heading', { name: 'Extraordinary Access' })).toBeVisible();

    await visitor.goto('/');
    await visitor.getByRole('button', { name: 'Return to Site' }).click();
    const dialog = visitor.getByRole('dialog');
    // Nothing is filled in for the visitor: the administrator names themself.
    await dialog.getByLabel('Username').fill(ADMIN.username);
    await dialog.getByLabel('Password').fill('wrong-password');
    await dialog.getByRole('button', { name: 'Return to Site' }).click();
    await expect(dialog.getByText('Invalid credentials')).toBeVisible();
    await dialog.getByLabel('Password').fill(ADMIN.password);
    await dialog.getByRole('button', { name: 'Return to Site' }).click();
    await expect(visitor.getByRole('heading', { name: 'Extraordinary Access' })).toBeVisible();
    expect(await (await visitor.request.get('/api/status')).json()).toEqual({ maintenance: false });
    await visitor.context().close();

    // Back on /admin the banner is gone after a reload.
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Waitlist' })).toBeVisible();
    await expect(page.getByText('Maintenance Mode Active')).toHaveCount(0);
  });

  test('the banner on /admin disables maintenance', async ({ page, request }) => {
    await request.put('/api/admin/maintenance', { headers: { authorization: AUTH }, data: { enabled: true } });
    await page.goto('/admin');
    await signIn(page);
    await expect(page.getByText('Maintenance Mode Active')).toBeVisible();
    await page.getByRole('button', { name: 'Disable' }).click();
    await expect(page.getByText('Maintenance mode deactivated')).toBeVisible();
    await expect(page.getByText('Maintenance Mode Active')).toHaveCount(0);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Extraordinary Access' })).toBeVisible();
  });

  test('Ctrl+Alt+M asks for admin credentials and switches maintenance on', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Extraordinary Access' })).toBeVisible();
    // The heading is in the prerendered HTML; the shortcut works once the script has taken over.
    await untilInteractive(page);
    await page.keyboard.press('Control+Alt+KeyM');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Username').fill(ADMIN.username);
    await dialog.getByLabel('Password').fill(ADMIN.password);
    await dialog.getByRole('button', { name: 'Activate' }).click();
    await expect(page.getByText('Maintenance mode activated')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Maintenance Mode' })).toBeVisible();
  });

  test('the queue dashboard asks for the same credentials', async ({ browser, baseURL }) => {
    const anonymous = await fetch(`${baseURL}/admin/queues`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toContain('Basic realm=');
    const context = await browser.newContext({ httpCredentials: ADMIN });
    const page = await context.newPage();
    await page.goto('/admin/queues');
    await expect(page.getByText('email', { exact: true }).first()).toBeVisible();
    await context.close();
  });
});
