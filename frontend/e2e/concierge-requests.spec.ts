import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CLAIRE, staffAccount } from './support/admin';

const PASSWORD = process.env.E2E_CONCIERGE_PASSWORD ?? 'e2e-concierge-password';
const SHOTS = process.env.E2E_SCREENSHOTS;
/** The member's ask: a retry asks for another party, so the desk's card of the first try is not taken for it. */
const GUESTS = ['eight', 'nine', 'ten'];
const askOf = (retry: number) =>
  `I would like to charter a yacht in Monaco next weekend for ${GUESTS[retry % GUESTS.length]} guests`;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
}

test('a member asks for a yacht in Monaco; staff take it up, propose two options and reply; the member sees it live and accepts', async ({
  browser,
}) => {
  // Two browsers, a streamed reply and the worker's parse: more than the default minute on a loaded machine.
  test.setTimeout(180_000);
  const ASK = askOf(test.info().retry);
  const ASKED = new RegExp(ASK.slice(ASK.indexOf('yacht')));
  // The member, in the members' threaded chat.
  const memberContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const member = await memberContext.newPage();
  await member.goto('/concierge-auth');
  await member.getByLabel('Password').fill(PASSWORD);
  await member.getByRole('button', { name: 'Access Concierge' }).click();
  await expect(member).toHaveURL(/\/concierge$/);
  const box = member.getByPlaceholder('Type a message...');
  await box.fill(ASK);
  await box.press('Enter');
  await expect(member.locator('main article[data-role="assistant"]')).toHaveCount(1, { timeout: 20_000 });

  // Claire, a concierge, in the console's Requests tab: what she sends is signed with her name.
  const staffContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await staffAccount(staffContext.request, CLAIRE);
  const staff = await staffContext.newPage();
  await staff.goto('/admin');
  await staff.getByLabel('Username').fill(CLAIRE.username);
  await staff.getByLabel('Password').fill(CLAIRE.password);
  await staff.getByRole('button', { name: 'Sign In' }).click();
  await staff.getByRole('tab', { name: 'Requests' }).click();
  const received = staff.getByRole('region', { name: 'Received' });
  const card = received.getByRole('button', { name: ASKED });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Waiting');
  await shoot(staff, 'console-received');

  await card.click();
  const drawer = staff.getByRole('dialog');
  await expect(drawer.getByRole('region', { name: 'Conversation' })).toContainText('yacht in Monaco');

  // In progress, with a note.
  await drawer.getByLabel('New status').click();
  await staff.locator('.ant-select-item-option', { hasText: 'In progress' }).click();
  await drawer.getByLabel('Note for the member').fill('Three yachts are free in Port Hercule.');
  await drawer.getByRole('button', { name: 'Update status' }).click();
  await expect(drawer.getByTestId('request-status')).toHaveText('In progress');

  // Two options with prices.
  await drawer.getByLabel('Option 1', { exact: true }).fill('Benetti Oasis 40M, two days');
  await drawer.getByLabel('Price of option 1').fill('48000');
  await drawer.getByLabel('Option 2', { exact: true }).fill('Sunseeker 30M, two days');
  await drawer.getByLabel('Price of option 2').fill('32000');
  await drawer.getByRole('button', { name: 'Propose options' }).click();
  await expect(drawer.getByTestId('request-status')).toHaveText('Options proposed');

  // A reply as a named human concierge.
  await drawer.getByLabel('Reply to the member').fill('Both come with a captain and a chef. Which do you prefer?');
  await drawer.getByRole('button', { name: 'Send reply' }).click();
  await expect(drawer.getByRole('region', { name: 'Conversation' })).toContainText('Which do you prefer?');
  await shoot(staff, 'console-detail');

  // The member sees all of it live, without reloading: the reply (styled as a person), the
  // status change, and the options to accept.
  const fromClaire = member.locator('main article[data-role="concierge"]');
  await expect(fromClaire.filter({ hasText: 'Which do you prefer?' })).toBeVisible();
  await expect(fromClaire.filter({ hasText: 'Port Hercule' })).toContainText('Claire');
  await member.getByRole('button', { name: /My requests/ }).click();
  const panel = member.getByRole('list', { name: 'My requests' });
  await expect(panel).toContainText('Options proposed');
  await expect(panel).toContainText('Three yachts are free in Port Hercule.');
  await shoot(member, 'member-requests-panel');
  await member.keyboard.press('Escape');

  await fromClaire.getByRole('button', { name: 'Accept Sunseeker 30M, two days' }).click();
  await expect(fromClaire.getByText('Accepted')).toBeVisible();
  await shoot(member, 'member-accepted');

  // The card moves to Confirmed in the console, live.
  await staff.keyboard.press('Escape');
  await expect(staff.getByRole('region', { name: 'Confirmed' }).getByRole('button', { name: ASKED })).toBeVisible();
  await shoot(staff, 'console-confirmed');

  // The same screens at phone width.
  await member.setViewportSize({ width: 375, height: 812 });
  await expect(fromClaire.getByText('Accepted')).toBeVisible();
  await shoot(member, 'member-accepted-375');
  await staff.setViewportSize({ width: 375, height: 812 });
  await expect(staff.getByRole('region', { name: 'Confirmed' })).toBeVisible();
  await shoot(staff, 'console-375');

  await memberContext.close();
  await staffContext.close();
});
