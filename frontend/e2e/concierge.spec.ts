import { expect, test, type Page } from '@playwright/test';

const PASSWORD = process.env.E2E_CONCIERGE_PASSWORD ?? 'e2e-concierge-password';

async function signIn(page: Page) {
  await page.goto('/concierge-auth');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Access Concierge' }).click();
  await expect(page).toHaveURL(/\/concierge$/);
}

test.describe('the members’ concierge', () => {
  test('a wrong password shows the toast; the right one lands on /concierge', async ({ page }) => {
    await page.goto('/concierge-auth');
    await expect(page.getByText(/This is a private service for .+ members only\. Unauthorized access is strictly prohibited\./)).toBeVisible();
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Access Concierge' }).click();
    await expect(page.getByText('Authentication failed')).toBeVisible();
    await expect(page.getByText('Invalid password. Please try again.')).toBeVisible();
    await expect(page).toHaveURL(/\/concierge-auth$/);

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Access Concierge' }).click();
    await expect(page.getByText('Authentication successful')).toBeVisible();
    await expect(page).toHaveURL(/\/concierge$/);
    await expect(page.getByRole('heading', { name: 'Conversations' })).toBeVisible();
  });

  test('a visit to /concierge without a session lands on /concierge-auth, even with the browser flag', async ({ page }) => {
    await page.goto('/concierge');
    await expect(page).toHaveURL(/\/concierge-auth$/);
    await page.evaluate(() => localStorage.setItem('mf.concierge.authenticated', 'true'));
    await page.goto('/concierge');
    await expect(page).toHaveURL(/\/concierge-auth$/);
  });

  test('a message streams a Markdown reply, the thread is titled, renamed, kept on reload and deleted', async ({ page }) => {
    await signIn(page);
    await expect(page.getByText('No conversations yet')).toBeVisible();
    const box = page.getByPlaceholder('Type a message...');
    await box.fill('Book a yacht charter in Monaco next weekend');
    await box.press('Enter');

    const reply = page.locator('article').filter({ hasText: 'Monaco' }).last();
    await expect(reply.locator('strong').first()).toBeVisible();
    await expect(reply.locator('ol li').first()).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Regenerate' })).toBeVisible({ timeout: 15_000 });
    await expect(reply).toContainText('Concierge');

    // The server titles the thread (4-5 words).
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toContainText('Monaco');
    const titleText = (await title.textContent()) ?? '';
    expect(titleText.split(' ').length).toBeGreaterThanOrEqual(4);

    await page.reload();
    await expect(page.getByRole('button', { name: titleText, exact: true })).toBeVisible();
    await expect(page.locator('article').filter({ hasText: 'Book a yacht charter in Monaco' })).toBeVisible();

    await page.getByRole('button', { name: `Options for ${titleText}` }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const input = page.getByLabel('Conversation title');
    await input.fill('Grand Prix weekend');
    await input.press('Enter');
    await expect(page.getByRole('button', { name: 'Grand Prix weekend', exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Grand Prix weekend', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Options for Grand Prix weekend' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Delete Conversation')).toBeVisible();
    await expect(dialog.getByText('Are you sure you want to delete this conversation? This action cannot be undone.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No conversations yet')).toBeVisible();
  });

  test('/simple-concierge greets and answers', async ({ page }) => {
    await page.goto('/simple-concierge');
    await expect(page.getByText(/Welcome to .+\. I am your personal luxury concierge\. How may I assist you today\?/)).toBeVisible();
    const box = page.getByPlaceholder('Type a message...');
    await box.fill('A table for two at a Michelin restaurant in Paris tonight');
    await box.press('Enter');
    await expect(page.locator('article').filter({ hasText: 'Dining in Paris' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Voice input' })).toHaveCount(0);
  });
});
