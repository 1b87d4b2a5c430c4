import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { AUTH, CLAIRE, staffAccount } from './support/admin';
import { settle } from './support/house-checks';
import { listEmails } from './support/mail';

const ASK = 'Could you arrange a table for four in Saint-Tropez on Saturday evening, on a terrace?';
/** A folder for photographs of the marks at 375 and 1440 px (none when unset). */
const SHOTS = process.env.E2E_SCREENSHOTS;

/** The path of the newest email to `address` whose subject matches, carrying `link`. */
async function linkInEmail(address: string, subject: RegExp, link: RegExp, seen: Set<string>): Promise<string> {
  let path = '';
  await expect
    .poll(
      async () => {
        const mail = (await listEmails()).find(
          (m) =>
            !seen.has(m.id) &&
            subject.test(m.subject) &&
            m.to.some((to) => to.address.toLowerCase() === address.toLowerCase()),
        );
        if (!mail) return '';
        seen.add(mail.id);
        path = link.exec(mail.html)?.[1] ?? '';
        return path;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  return path;
}

async function offerMembership(request: APIRequestContext, email: string, name: string): Promise<void> {
  const joined = await request.post('/api/waitlist', { data: { email, fullName: name, consent: true, bot_check: '' } });
  expect(joined.ok(), await joined.text()).toBeTruthy();
  const rows = await request.get(`/api/admin/waitlist?q=${encodeURIComponent(email)}`, {
    headers: { authorization: AUTH },
  });
  const entry = ((await rows.json()) as { data: Array<{ id: string; email: string }> }).data.find(
    (row) => row.email === email,
  );
  const offered = await request.post('/api/admin/members/offers', {
    headers: { authorization: AUTH },
    data: { tier: 'patron', entryIds: [entry!.id] },
  });
  expect(offered.ok(), await offered.text()).toBeTruthy();
}

async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

const mark = 'New from your concierge';

test('a member sees a gold mark where the concierge answered, and an email’s link opens that conversation after signing in on the phone', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const email = `charlotte.${Date.now()}@example.com`;
  const seen = new Set<string>();
  await offerMembership(request, email, 'Charlotte Casiraghi');
  const offer = await linkInEmail(email, /Your Membership Awaits/, /\/membership\/([A-Za-z0-9_-]+)/, seen);
  const claire = await staffAccount(request, CLAIRE);

  // The laptop accepts the offer, asks for a table, then starts a new conversation.
  const laptopContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const accepted = await laptopContext.request.post(`/api/membership/offers/${offer}/accept`, {
    data: { name: 'Charlotte Casiraghi' },
  });
  expect(accepted.ok(), await accepted.text()).toBeTruthy();
  const laptop = await laptopContext.newPage();
  await laptop.addInitScript(() => localStorage.setItem('mf.concierge.authenticated', 'true'));
  await laptop.goto('/concierge');
  const box = laptop.getByPlaceholder('Type a message...');
  await box.fill(ASK);
  await box.press('Enter');
  await expect(laptop.locator('main article[data-role="assistant"]')).toHaveCount(1, { timeout: 30_000 });
  let requestId = '';
  let threadId = '';
  await expect
    .poll(async () => {
      const mine = (await (await laptopContext.request.get('/api/concierge/requests')).json()) as {
        data: Array<{ id: string; threadId: string }>;
      };
      requestId = mine.data[0]?.id ?? '';
      threadId = mine.data[0]?.threadId ?? '';
      return requestId;
    })
    .not.toBe('');
  // The conversation is named once its title is written (after the first reply): its row is found by that name.
  let table = { id: threadId, title: 'New Conversation' };
  await expect
    .poll(async () => {
      const threads = (await (await laptopContext.request.get('/api/concierge/threads')).json()) as {
        data: Array<{ id: string; title: string }>;
      };
      table = threads.data.find((thread) => thread.id === threadId) ?? table;
      return table.title;
    })
    .not.toBe('New Conversation');
  await laptop.getByRole('button', { name: 'New Conversation' }).click();

  // Claire answers: the table's conversation and request carry the mark, live.
  const reply = async (content: string) => {
    const sent = await request.post(`/api/admin/user-requests/${requestId}/replies`, {
      headers: { authorization: claire },
      data: { content },
    });
    expect(sent.ok(), await sent.text()).toBeTruthy();
  };
  await reply('Club 55 has a terrace table for four at 20:30. Shall I hold it?');
  const sidebar = laptop.getByRole('navigation', { name: 'Conversations' });
  const row = sidebar
    .getByRole('listitem')
    .filter({ has: laptop.getByRole('button', { name: table.title, exact: true }) });
  await expect(row.getByRole('img', { name: mark })).toBeVisible({ timeout: 15_000 });
  await shoot(laptop, 'unread-1440');
  await laptop.getByRole('button', { name: 'My requests' }).click();
  const panel = laptop.getByRole('list', { name: 'My requests' });
  await expect(panel.getByRole('img', { name: mark })).toBeVisible();
  await shoot(laptop, 'unread-requests-1440');
  await laptop.keyboard.press('Escape');

  // Opening the conversation reads it: both marks go.
  await row.getByRole('button', { name: table.title, exact: true }).click();
  await expect(laptop.getByText('Club 55 has a terrace table')).toBeVisible();
  await expect(laptop.getByRole('img', { name: mark })).toHaveCount(0);
  await laptop.getByRole('button', { name: 'My requests' }).click();
  await expect(panel.getByRole('listitem').first()).toBeVisible();
  await expect(panel.getByRole('img', { name: mark })).toHaveCount(0);
  await laptopContext.close();

  // The phone, signed out, follows the email's link: sign in first, then the conversation opens.
  const phoneContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const phone = await phoneContext.newPage();
  await phone.goto(`/concierge?thread=${table.id}`);
  await expect(phone).toHaveURL(/\/concierge-auth$/);
  const sent = await phoneContext.request.post('/api/members/sign-in/email', { data: { email } });
  expect(sent.status()).toBe(202);
  const link = await linkInEmail(email, /Your Sign-In Link/, /\/members\/sign-in\/([A-Za-z0-9_-]+)/, seen);
  await phone.goto(`/members/sign-in/${link}`);
  await phone.getByRole('button', { name: 'Sign In' }).click();
  await expect(phone).toHaveURL(/\/concierge$/);
  await expect(phone.getByRole('heading', { level: 1, name: table.title })).toBeVisible({ timeout: 15_000 });
  await expect(phone.getByText('Club 55 has a terrace table')).toBeVisible();

  // On the phone, another conversation open: the mark is on the conversations button, then in the drawer.
  await phone.getByRole('button', { name: 'Show conversations' }).click();
  await phone.getByRole('button', { name: 'New Conversation' }).first().click();
  await reply('The table is held until tomorrow noon.');
  await expect(phone.getByRole('button', { name: 'Show conversations, some with news' })).toBeVisible({
    timeout: 15_000,
  });
  await shoot(phone, 'unread-375');
  await phone.getByRole('button', { name: 'Show conversations, some with news' }).click();
  const drawerRow = phone
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('listitem')
    .filter({ has: phone.getByRole('button', { name: table.title, exact: true }) });
  await expect(drawerRow.getByRole('img', { name: mark })).toBeVisible();
  await shoot(phone, 'unread-drawer-375');
  await drawerRow.getByRole('button', { name: table.title, exact: true }).click();
  await expect(phone.getByText('The table is held until tomorrow noon.')).toBeVisible();
  await expect(phone.getByRole('button', { name: 'Show conversations' })).toBeVisible();
  await phoneContext.close();
});
