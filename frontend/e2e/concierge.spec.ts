import { expect, test, type Page } from '@playwright/test';

const PASSWORD = process.env.E2E_CONCIERGE_PASSWORD ?? 'e2e-concierge-password';

async function signIn(page: Page) {
  await page.goto('/concierge-auth');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Access Concierge' }).click();
  await expect(page).toHaveURL(/\/concierge$/);
}

/** Sends a message and waits until the concierge's reply has finished (Regenerate appears). */
async function ask(page: Page, text: string) {
  const box = page.getByPlaceholder('Type a message...');
  await box.fill(text);
  await box.press('Enter');
  await expect(page.getByRole('button', { name: 'Regenerate' })).toBeVisible({ timeout: 15_000 });
}

/** The concierge's finished replies (the one still streaming is aria-busy). */
const replies = (page: Page) => page.locator('main article[data-role="assistant"]:not([aria-busy])');

test.describe('the members’ concierge', () => {
  test('a wrong password shows the toast; the right one lands on /concierge', async ({ page }) => {
    await page.goto('/concierge-auth');
    await expect(
      page.getByText(/This is a private service for .+ members only\. Unauthorized access is strictly prohibited\./),
    ).toBeVisible();
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

  test('a visit to /concierge without a session lands on /concierge-auth, even with the browser flag', async ({
    page,
  }) => {
    await page.goto('/concierge');
    await expect(page).toHaveURL(/\/concierge-auth$/);
    await page.evaluate(() => localStorage.setItem('mf.concierge.authenticated', 'true'));
    await page.goto('/concierge');
    await expect(page).toHaveURL(/\/concierge-auth$/);
  });

  test('a message streams a Markdown reply, the thread is titled, renamed, kept on reload and deleted', async ({
    page,
  }) => {
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
    await expect(
      dialog.getByText('Are you sure you want to delete this conversation? This action cannot be undone.'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No conversations yet')).toBeVisible();
  });

  test('/simple-concierge greets and answers', async ({ page }) => {
    await page.goto('/simple-concierge');
    await expect(
      page.getByText(/Welcome to .+\. I am your personal luxury concierge\. How may I assist you today\?/),
    ).toBeVisible();
    const box = page.getByPlaceholder('Type a message...');
    await box.fill('A table for two at a Michelin restaurant in Paris tonight');
    await box.press('Enter');
    await expect(page.locator('article').filter({ hasText: 'Dining in Paris' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Voice input' })).toHaveCount(0);
  });

  test('the reply streams in: the bubble grows piece by piece before it is complete', async ({ page }) => {
    await signIn(page);
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { streamedLengths: number[] }).streamedLengths = seen;
      new MutationObserver(() => {
        const bubble = document.querySelector('article[aria-busy="true"]');
        if (bubble && seen[seen.length - 1] !== bubble.textContent?.length) seen.push(bubble.textContent?.length ?? 0);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await ask(page, 'A spa day in Geneva next Friday');
    const lengths = await page.evaluate(() => (window as unknown as { streamedLengths: number[] }).streamedLengths);
    expect(lengths.length).toBeGreaterThan(1);
    expect([...lengths].sort((a, b) => a - b)).toEqual(lengths);
    await expect(page.locator('article[aria-busy="true"]')).toHaveCount(0);
  });

  test('Stop ends a reply while it streams and keeps what was written; Regenerate writes it again', async ({
    page,
  }) => {
    await signIn(page);
    // Presses Stop from inside the page the moment the first words appear, so a busy machine
    // cannot let the whole reply arrive before the click.
    await page.evaluate(() => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector('article[aria-busy="true"]')) return;
        const stop = document.querySelector<HTMLButtonElement>('button[aria-label="Stop"]');
        if (stop) {
          observer.disconnect();
          stop.click();
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const box = page.getByPlaceholder('Type a message...');
    await box.fill('Plan a honeymoon in the Maldives in December with a private villa and a yacht');
    await box.press('Enter');
    const streaming = page.locator('article[aria-busy="true"]');
    await expect(streaming).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
    const partial = (await replies(page).last().textContent()) ?? '';
    expect(partial).not.toContain('Warm regards');
    // The server kept the reply as stopped: nothing more is written to it, and the page shows it whole.
    const threads = (await (await page.request.get('/api/concierge/threads')).json()) as {
      data: Array<{ id: string }>;
    };
    const stopped = async () => {
      const thread = await page.request.get(`/api/concierge/threads/${threads.data[0].id}`);
      const { messages } = ((await thread.json()) as { data: { messages: Array<{ status: string }> } }).data;
      return messages.at(-1)?.status;
    };
    await expect.poll(stopped).toBe('stopped');
    expect(await replies(page).last().textContent()).toBe(partial);

    const regenerated = page.waitForResponse(
      (r) => r.url().endsWith('/api/chat/stream') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Regenerate' }).click();
    expect((await regenerated).status()).toBe(200);
    await expect(page.getByRole('button', { name: 'Regenerate' })).toBeVisible({ timeout: 15_000 });
    await expect(replies(page)).toHaveCount(1);
    await expect(replies(page).last()).toContainText('Warm regards');
    await expect(replies(page).last()).toContainText('Maldives');
  });

  test('renaming keeps the old title on Escape and saves with the Save button', async ({ page }) => {
    await signIn(page);
    await ask(page, 'A private jet to Dubai tomorrow');
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toHaveText('Private Jet to Dubai Tomorrow');

    await page.getByRole('button', { name: 'Options for Private Jet to Dubai Tomorrow' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const input = page.getByLabel('Conversation title');
    await input.fill('Something else');
    await input.press('Escape');
    await expect(input).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Private Jet to Dubai Tomorrow', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Options for Private Jet to Dubai Tomorrow' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await page.getByLabel('Conversation title').fill('  Dubai on Friday  ');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('button', { name: 'Dubai on Friday', exact: true })).toBeVisible();
    await expect(title).toHaveText('Dubai on Friday');
  });

  test('the search box narrows the conversations by title', async ({ page }) => {
    await signIn(page);
    await ask(page, 'A private jet to Dubai tomorrow');
    await page.getByRole('button', { name: /New Conversation/ }).click();
    await ask(page, 'Dinner in Rome tonight');
    const list = page.getByRole('navigation', { name: 'Conversations' });
    await expect(list.getByRole('button', { name: 'Private Jet to Dubai Tomorrow', exact: true })).toBeVisible();
    await expect(list.getByRole('button', { name: 'Dinner Reservation in Rome Tonight', exact: true })).toBeVisible();

    await page.getByLabel('Search conversations').fill('rome');
    await expect(list.getByRole('button', { name: 'Dinner Reservation in Rome Tonight', exact: true })).toBeVisible();
    await expect(list.getByRole('button', { name: 'Private Jet to Dubai Tomorrow', exact: true })).toHaveCount(0);
    await page.getByLabel('Search conversations').fill('');
    await expect(list.getByRole('button', { name: 'Private Jet to Dubai Tomorrow', exact: true })).toBeVisible();
  });

  test('under 768 px the conversations live in a drawer', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page);
    await ask(page, 'A villa in Mykonos next weekend');
    await expect(page.getByRole('heading', { name: 'Conversations' })).toBeHidden();
    await page.getByRole('button', { name: 'Show conversations' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('heading', { name: 'Conversations' })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Villa Stay in Mykonos', exact: true })).toBeVisible();
    await drawer.getByRole('button', { name: /New Conversation/ }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('New Conversation');
  });

  test('a session ended on the server mid-conversation sends the member back to the password screen', async ({
    page,
    context,
  }) => {
    await signIn(page);
    await ask(page, 'A table for two in Paris tonight');
    const [before] = (await context.cookies()).filter((c) => c.name === 'mf_concierge');
    expect(before).toBeTruthy();

    // Signed out elsewhere in this browser; then the old cookie is put back, as a copied cookie would be.
    await page.evaluate(() => fetch('/api/concierge/logout', { method: 'POST', credentials: 'include' }));
    await context.addCookies([before]);

    const box = page.getByPlaceholder('Type a message...');
    await box.fill('And a car to take us there');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/concierge-auth$/);
    await page.goto('/concierge');
    await expect(page).toHaveURL(/\/concierge-auth$/);
  });

  test('a cleared cookie mid-conversation sends the member back to the password screen', async ({ page, context }) => {
    await signIn(page);
    await ask(page, 'A spa day in Geneva');
    await context.clearCookies();
    const box = page.getByPlaceholder('Type a message...');
    await box.fill('With a massage in the afternoon');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/concierge-auth$/);
  });
});

test.describe('a reply that survives a reload, and stops on demand', () => {
  test('reloading during a streamed reply resumes it to its end; Stop keeps the partial reply', async ({ page }) => {
    await signIn(page);
    const box = page.getByPlaceholder('Type a message...');
    await box.fill('Plan a week of fine dining in Paris with a private chef');
    await box.press('Enter');
    const streaming = page.locator('main article[data-role="assistant"][aria-busy="true"]');
    await expect(streaming).toBeVisible();
    await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
    const before = (await streaming.textContent()) ?? '';

    await page.reload();
    // The reply goes on from where this tab stopped reading, and completes once, without a repeat.
    await expect(page.getByRole('button', { name: 'Regenerate' })).toBeVisible({ timeout: 30_000 });
    const finished = replies(page).last();
    const text = (await finished.textContent()) ?? '';
    expect(text.length).toBeGreaterThan(before.length);
    expect(text.startsWith(before.slice(0, 20))).toBe(true);
    await expect(replies(page)).toHaveCount(1);
    await expect(finished).toContainText('Concierge');

    // Stop: the partial reply stays, marked stopped, and survives a reload too. Stop is pressed
    // from inside the page the moment the first words appear (a busy machine could otherwise let
    // the whole reply arrive before the click).
    await page.evaluate(() => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector('article[aria-busy="true"]')) return;
        const stop = document.querySelector<HTMLButtonElement>('button[aria-label="Stop"]');
        if (stop) {
          observer.disconnect();
          stop.click();
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await box.fill('Now a yacht in Monaco for the Grand Prix');
    await box.press('Enter');
    await expect(page.getByText('Stopped')).toBeVisible();
    await expect(replies(page)).toHaveCount(2);
    const partial = (await replies(page).last().locator('div').first().textContent()) ?? '';
    expect(partial.length).toBeGreaterThan(0);
    await page.reload();
    await expect(page.getByText('Stopped')).toBeVisible();
    await expect(replies(page)).toHaveCount(2);

    // Rate the first reply (not helpful, with a comment).
    await replies(page).first().getByRole('button', { name: 'Not helpful' }).click();
    await page.getByLabel('Comment on this reply').fill('I wanted a terrace.');
    await page.getByRole('button', { name: 'Send comment' }).click();
    await expect(replies(page).first().getByRole('button', { name: 'Not helpful' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('another tab of the same session sees a rename live', async ({ page, context }) => {
    await signIn(page);
    await ask(page, 'A table for two in Rome tonight');
    const other = await context.newPage();
    await other.goto('/concierge');
    const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    await expect(other.getByRole('button', { name: title, exact: true })).toBeVisible();
    await page.getByRole('button', { name: `Options for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await page.getByLabel('Conversation title').fill('Roman holiday');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(other.getByRole('button', { name: 'Roman holiday', exact: true })).toBeVisible();
  });
});
