import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CLAIRE, staffAccount } from './support/admin';

const PASSWORD = process.env.E2E_CONCIERGE_PASSWORD ?? 'e2e-concierge-password';
const SHOTS = process.env.E2E_SCREENSHOTS;
const ASK = 'A private jet from Geneva to Courchevel for 10 people this Saturday';

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: false });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('the offline concierge names the jet, its route, party and day; the desk card shows them', async ({ browser }) => {
  // A streamed reply and the worker's parse: more than the default minute on a loaded machine.
  test.setTimeout(120_000);
  const memberContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const member = await memberContext.newPage();
  await member.goto('/concierge-auth');
  await member.getByLabel('Password').fill(PASSWORD);
  await member.getByRole('button', { name: 'Access Concierge' }).click();
  await expect(member).toHaveURL(/\/concierge$/);
  const box = member.getByPlaceholder('Type a message...');
  await box.fill(ASK);
  await box.press('Enter');
  const reply = member.locator('main article[data-role="assistant"]').last();
  await expect(reply).toContainText('a private jet from Geneva to Courchevel for ten people this Saturday', {
    timeout: 20_000,
  });
  await expect(reply).toContainText('Warm regards');
  await shoot(member, 'offline-reply');

  const staffContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await staffAccount(staffContext.request, CLAIRE);
  const staff = await staffContext.newPage();
  await staff.goto('/admin');
  await staff.getByLabel('Username').fill(CLAIRE.username);
  await staff.getByLabel('Password').fill(CLAIRE.password);
  await staff.getByRole('button', { name: 'Sign In' }).click();
  await staff.getByRole('tab', { name: 'Requests' }).click();
  const card = staff.getByRole('region', { name: 'Received' }).getByRole('button', { name: /Geneva to Courchevel/ });
  await expect(card).toContainText('Geneva → Courchevel');
  await expect(card).toContainText('10 guests');
  await expect(card).toContainText(/this Saturday · \d{1,2} \w{3}/);
  await card.scrollIntoViewIfNeeded();
  await shoot(staff, 'desk-card');
});
