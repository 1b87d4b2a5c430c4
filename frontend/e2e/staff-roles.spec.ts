import { expect, test } from '@playwright/test';
import { createEvent, staffAccount } from './support/admin';

test('a door account signs in on a phone and lands on the door, for its own event only', async ({
  browser,
  request,
}) => {
  const stamp = Date.now();
  const own = `Terrace Evening ${stamp}`;
  const other = `Winter Gala ${stamp}`;
  const ownId = await createEvent(request, own);
  await createEvent(request, other);
  const door = { username: `door-${stamp}`, password: 'door-password-123', displayName: 'Marc at the Door' };
  const auth = await staffAccount(request, door, 'door', [ownId]);

  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/admin');
  await page.getByLabel('Username').fill(door.username);
  await page.getByLabel('Password').fill(door.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/check-in$/);
  await expect(page.getByRole('heading', { name: 'The Door' })).toBeVisible();
  await expect(page.getByText(own)).toBeVisible();
  await expect(page.getByText(other)).toHaveCount(0);
  await expect(page.getByRole('tablist', { name: 'Admin sections' })).toHaveCount(0);
  // The door is this account's dashboard: no link back to one it cannot use.
  await expect(page.getByRole('link', { name: 'Admin dashboard' })).toHaveCount(0);

  // The server holds the line too: the other event's door and the staff list are refused.
  const events = await request.get('/api/admin/events?pageSize=500', { headers: { authorization: auth } });
  const names = ((await events.json()).data as Array<{ name: string }>).map((event) => event.name);
  expect(names).toContain(own);
  expect(names).not.toContain(other);
  const staff = await request.get('/api/admin/staff', { headers: { authorization: auth } });
  expect(staff.status()).toBe(403);
  expect((await staff.json()).code).toBe('FORBIDDEN_FOR_ROLE');
  await context.close();
});
