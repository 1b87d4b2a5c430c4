import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { staffAccount } from './support/admin';
import { query } from './support/database';
import { axeFindings, expectInHouseStyle, settle } from './support/house-checks';
import { signedInMember } from './support/member';

const SHOTS = process.env.E2E_SCREENSHOTS;
const SOPHIE = { username: 'sophie', password: 'e2e-sophie-password', displayName: 'Sophie' };

/** The screen at a phone's width and a desktop's (whole, but for a drawer); the page is left at 1440 px. */
async function shoot(page: Page, name: string, fullPage = true) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage });
  }
}

/** Sends a message in a new conversation and waits for the concierge's whole reply. */
async function ask(page: Page, text: string): Promise<ReturnType<Page['locator']>> {
  await page.goto('/concierge');
  await page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name: /New Conversation/ })
    .click();
  await expect(page.locator('main article')).toHaveCount(0);
  const box = page.getByPlaceholder('Type a message...');
  await box.fill(text);
  await box.press('Enter');
  const reply = page.locator('main article[data-role="assistant"]').last();
  await expect(page.getByRole('button', { name: 'Regenerate' })).toBeVisible({ timeout: 30_000 });
  return reply;
}

test('a member’s allergy and love of terraces are remembered from the chat, used in the next reply, and gone from it once forgotten', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const { page } = await signedInMember(browser, request, 'Isabella Rossi');

  // The concierge keeps the terraces at once and asks before keeping the allergy.
  const first = await ask(page, 'My wife is allergic to shellfish, we love terraces');
  const steps = first.getByRole('list', { name: 'What your concierge did' });
  await expect(steps).toContainText('Remembered: Terraces');
  await expect(steps.getByRole('button', { name: 'Undo: Remembered: Terraces' })).toBeVisible();
  await expect(steps).toContainText('Shall I remember: Wife: shellfish allergy?');
  await steps.getByRole('button', { name: 'Yes' }).click();
  await expect(steps).toContainText('Remembered: Wife: shellfish allergy');
  await shoot(page, 'reply-with-memory-steps');

  // A new conversation asking for dinner in Paris respects both.
  const dinner = await ask(page, 'A table for two in Paris tomorrow evening');
  await expect(dinner).toContainText(/terrace/i);
  await expect(dinner).toContainText(/shellfish/i);

  // 'What We Remember' lists both with their source; the allergy is forgotten there.
  await page.goto('/concierge/account');
  const allergies = page.getByRole('list', { name: 'Allergies' });
  await expect(allergies).toContainText('Wife: shellfish allergy');
  await expect(allergies).toContainText('From our conversation');
  await expect(page.getByRole('list', { name: 'Seating' })).toContainText('Terraces');
  await allergies.getByRole('button', { name: 'Forget Wife: shellfish allergy' }).click();
  await page.getByRole('dialog', { name: 'Forget This' }).getByRole('button', { name: 'Forget' }).click();
  await expect(page.getByRole('list', { name: 'Allergies' })).toHaveCount(0);

  // The next reply no longer mentions it, and still remembers the terraces.
  const again = await ask(page, 'A table for two in Paris on Friday evening');
  await expect(again).toContainText(/terrace/i);
  await expect(again).not.toContainText(/shellfish/i);
});

test('what we remember, in the member’s account and beside the member’s request on the desk', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { page, id } = await signedInMember(browser, request, 'Grace Kelly');
  const sophie = await staffAccount(request, SOPHIE);

  // Kept from a conversation, by staff, and by the member.
  const threadId = crypto.randomUUID();
  const requestId = crypto.randomUUID();
  await query(`insert into concierge_threads (id, session_id, title) values ($1, $2, 'Dinner in Paris')`, [
    threadId,
    `member:${id}`,
  ]);
  const asked = `Dinner in Paris for two, ${Date.now()}`;
  await query(
    `insert into concierge_messages (id, thread_id, role, content) values (gen_random_uuid(), $1, 'user', $2)`,
    [threadId, asked],
  );
  await query(
    `insert into user_requests (id, session_id, thread_id, text, status) values ($1, $2, $3, $4, 'received')`,
    [requestId, `member:${id}`, threadId, asked],
  );
  await query(
    `insert into member_preferences (id, member_id, kind, value, sensitive, source) values
       (gen_random_uuid(), $1, 'seating', 'Terraces', false, 'chat'),
       (gen_random_uuid(), $1, 'allergies', 'Wife: shellfish allergy', true, 'chat'),
       (gen_random_uuid(), $1, 'flights', 'Never flies before 10:00', false, 'chat')`,
    [id],
  );
  const added = await request.post(`/api/admin/members/${id}/preferences`, {
    headers: { authorization: sophie },
    data: { kind: 'hotels', value: 'High floor, away from the lift' },
  });
  expect(added.ok(), await added.text()).toBeTruthy();

  await page.goto('/concierge/account');
  await page.getByRole('button', { name: 'Add a Preference' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a Preference' });
  await dialog.getByLabel('What we should remember').fill('Loro Piana');
  const about = dialog.getByRole('combobox', { name: 'What it is about' });
  // Chosen once the list has closed on it: under load a click can land while the list still opens.
  await expect(async () => {
    if ((await about.getAttribute('aria-expanded')) !== 'true') await about.click();
    await page.getByTitle('Brands', { exact: true }).click({ timeout: 2_000 });
    await expect(about).toHaveAttribute('aria-expanded', 'false', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Remember' }).click();
  await expect(page.getByRole('list', { name: 'Brands' })).toContainText('Added by you');
  await expect(page.getByRole('list', { name: 'Hotels and Rooms' })).toContainText('Added by Sophie');
  await expect(page.getByRole('list', { name: 'Allergies' })).toContainText('Private');
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  await shoot(page, 'what-we-remember');
  await expectInHouseStyle(page);

  // Sophie opens the request: the same profile, and a note of her own the member never sees.
  const desk = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await desk.addInitScript((auth) => sessionStorage.setItem('mf.admin.auth', auth), sophie);
  await desk.goto('/admin');
  await desk.getByRole('tab', { name: 'Requests', exact: true }).click();
  await desk
    .getByRole('button', { name: /Dinner in Paris for two/ })
    .first()
    .click();
  const profile = desk.getByRole('dialog').getByRole('region', { name: 'Member profile' });
  await expect(profile.getByRole('list', { name: 'Allergies' })).toContainText('Wife: shellfish allergy');
  await expect(profile.getByRole('list', { name: 'Brands' })).toContainText('Added by the member');
  await profile.getByLabel('Staff note').fill('Celebrating their anniversary this month');
  await profile.getByRole('button', { name: 'Add Note' }).click();
  await expect(profile.getByRole('list', { name: 'Staff notes' })).toContainText('Sophie');
  await expect(desk.locator('.ant-message-notice')).toHaveCount(0);
  await profile.scrollIntoViewIfNeeded();
  await shoot(desk, 'desk-member-profile', false);
  await settle(desk);
  expect(await axeFindings(desk)).toEqual([]);

  await page.reload();
  await expect(page.getByRole('list', { name: 'Brands' })).toBeVisible();
  await expect(page.getByText('Celebrating their anniversary')).toHaveCount(0);
});
