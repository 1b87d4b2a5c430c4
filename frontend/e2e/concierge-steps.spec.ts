import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AUTH } from './support/admin';
import { signedInMember } from './support/member';

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

  const { page } = await signedInMember(browser, request, 'Camille Laurent');
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
