import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AUTH } from './support/admin';
import { query } from './support/database';
import { listEmails } from './support/mail';

const SHOTS = process.env.E2E_SCREENSHOTS;

/** The screen at a phone's width and a desktop's, whole; the page is left at 1440 px. */
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** A waitlist guest offered membership (through the API) who accepts it in a browser of their own. */
async function member(browser: Browser, request: APIRequestContext, name: string): Promise<Page> {
  const email = `${name.split(' ')[0].toLowerCase()}.${Date.now()}@example.com`;
  const joined = await request.post('/api/waitlist', { data: { email, fullName: name, consent: true, bot_check: '' } });
  expect(joined.ok(), await joined.text()).toBeTruthy();
  const [entry] = await query<{ id: string }>('select id from waitlist_entries where email = $1', [email]);
  const offered = await request.post('/api/admin/members/offers', {
    headers: { authorization: AUTH },
    data: { tier: 'patron', entryIds: [entry.id] },
  });
  expect(offered.ok(), await offered.text()).toBeTruthy();
  let token = '';
  await expect
    .poll(
      async () => {
        const mail = (await listEmails()).find(
          (m) => m.to.some((to) => to.address.toLowerCase() === email) && /\/membership\//.test(m.html),
        );
        token = /\/membership\/([A-Za-z0-9_-]+)/.exec(mail?.html ?? '')?.[1] ?? '';
        return token;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const accepted = await context.request.post(`/api/membership/offers/${token}/accept`, { data: { name } });
  expect(accepted.ok(), await accepted.text()).toBeTruthy();
  return context.newPage();
}

test('a member’s reply shows what the concierge looked up and asks before keeping an allergy; the answer stays with the reply', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const partner = `Le Jardin Suspendu ${Date.now()}`;
  const created = await request.post('/api/admin/vendors', {
    headers: { authorization: AUTH },
    data: {
      name: partner,
      category: 'restaurants',
      city: 'Paris',
      country: 'France',
      description: 'A garden above the Seine.',
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const activated = await request.patch(`/api/admin/vendors/${(await created.json()).data.id}`, {
    headers: { authorization: AUTH },
    data: { status: 'active' },
  });
  expect(activated.ok(), await activated.text()).toBeTruthy();

  const page = await member(browser, request, 'Camille Laurent');
  await page.goto('/concierge');
  const box = page.getByPlaceholder('Type a message...');
  await box.fill('A table in Paris tonight for two; my wife is allergic to shellfish');
  await box.press('Enter');
  await expect(page.getByRole('button', { name: 'Regenerate' })).toBeVisible({ timeout: 30_000 });
  const reply = page.locator('main article[data-role="assistant"]').last();
  const steps = reply.getByRole('list', { name: 'What your concierge did' });

  // The search is a quiet line that opens to show what was found.
  const searched = steps.getByRole('button', { name: /^Searched our partners in Paris: \d+ found$/ });
  await expect(searched).toBeVisible();
  await searched.click();
  await expect(steps).toContainText(partner);

  // The allergy is offered, not kept, until the member says.
  await expect(steps).toContainText('Shall I remember: Wife: shellfish allergy?');
  await shoot(page, 'reply-steps-asking');
  await steps.getByRole('button', { name: 'No' }).click();
  await expect(steps).toContainText('Not remembered: Wife: shellfish allergy');
  await expect(steps.getByRole('button', { name: 'Yes' })).toHaveCount(0);

  // The answer is the server's: a reload shows the step as answered.
  await page.reload();
  const again = page.locator('main article[data-role="assistant"]').last();
  await expect(again.getByRole('list', { name: 'What your concierge did' })).toContainText(
    'Not remembered: Wife: shellfish allergy',
  );
  await shoot(page, 'reply-steps-answered');
});
