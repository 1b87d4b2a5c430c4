import { expect, type Locator, type Page, type Response } from '@playwright/test';

/**
 * Waits until a page served prerendered (/) has been taken over by its script. The prerendered
 * HTML is visible (and its headings found) before hydration has committed; window-level keyboard
 * shortcuts are attached by effects after that commit. The concierge launcher appears in that same
 * commit's effects, so once it is visible the page answers its shortcuts.
 */
export async function untilInteractive(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Ask the concierge' })).toBeVisible({ timeout: 30_000 });
}

/**
 * Runs `action` and returns the answer to the first request it makes to `path` with `method`, so
 * that a test fails on the server's answer (status and body) rather than on a missing screen.
 */
export async function answerTo(
  page: Page,
  method: string,
  path: string,
  action: () => Promise<void>,
): Promise<Response> {
  const answer = page.waitForResponse((r) => r.request().method() === method && new URL(r.url()).pathname === path, {
    timeout: 60_000,
  });
  await action();
  return answer;
}

/**
 * Chooses `text` in the Ant Design select labelled `label` within `scope`, and waits until the
 * select shows it. On a loaded machine a click can land while the option list is being drawn
 * again (its options arrive from the server as it opens) and choose nothing: the click is then
 * made again, as a person would.
 */
export async function choose(page: Page, scope: Locator, label: string, text: string): Promise<void> {
  const option = page.locator('.ant-select-item-option').filter({ hasText: text });
  await expect(async () => {
    if (await scope.getByTitle(text).isVisible()) return;
    if (!(await option.isVisible())) await scope.getByLabel(label).click();
    await option.click({ timeout: 5_000 });
    await expect(scope.getByTitle(text)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}
