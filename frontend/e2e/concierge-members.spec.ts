import { expect, test, type APIRequestContext } from '@playwright/test';
import { AUTH } from './support/admin';
import { listEmails } from './support/mail';

const ASK = 'Could you find us a villa in Mykonos for the first week of July, for six guests?';

/** The path of the newest email to `address` whose subject matches, and which carries `link`. */
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

/** A waitlist guest offered Voyager membership by the administrator, through the API. */
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
    data: { tier: 'voyager', entryIds: [entry!.id] },
  });
  expect(offered.ok(), await offered.text()).toBeTruthy();
}

test('a member signed out from another device is sent to sign in at once: the open concierge page follows the session’s end, with no reload', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const email = `ines.${Date.now()}@example.com`;
  const seen = new Set<string>();
  await offerMembership(request, email, 'Inès Laurent');
  const offer = await linkInEmail(email, /Your Membership Awaits/, /\/membership\/([A-Za-z0-9_-]+)/, seen);

  // The laptop accepts the offer (its session) and opens the concierge.
  const laptopContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const accepted = await laptopContext.request.post(`/api/membership/offers/${offer}/accept`, {
    data: { name: 'Inès Laurent' },
  });
  expect(accepted.ok(), await accepted.text()).toBeTruthy();
  const laptop = await laptopContext.newPage();
  await laptop.addInitScript(() => localStorage.setItem('mf.concierge.authenticated', 'true'));
  await laptop.goto('/concierge');
  const box = laptop.getByPlaceholder('Type a message...');
  await box.fill(ASK);
  await box.press('Enter');
  await expect(laptop.locator('main article[data-role="assistant"]')).toHaveCount(1, { timeout: 30_000 });

  // The phone signs in by an emailed link and finds the same conversation.
  const phoneContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const sent = await phoneContext.request.post('/api/members/sign-in/email', { data: { email } });
  expect(sent.status()).toBe(202);
  const link = await linkInEmail(email, /Your Sign-In Link/, /\/members\/sign-in\/([A-Za-z0-9_-]+)/, seen);
  const signedIn = await phoneContext.request.post(`/api/members/sign-in/link/${link}`);
  expect(signedIn.ok(), await signedIn.text()).toBeTruthy();
  const threads = await phoneContext.request.get('/api/concierge/threads');
  expect(((await threads.json()) as { data: unknown[] }).data).toHaveLength(1);

  // 'Sign out everywhere else' on the phone: the laptop's page goes to sign in by itself.
  const others = await phoneContext.request.post('/api/members/me/sessions/sign-out-others');
  expect(others.ok(), await others.text()).toBeTruthy();
  await expect(laptop).toHaveURL(/\/concierge-auth$/, { timeout: 15_000 });
  await expect(laptop.getByRole('heading', { name: 'Members' })).toBeVisible();

  // The phone is still signed in, as the member.
  const who = await phoneContext.request.get('/api/concierge/session');
  expect(((await who.json()) as { data: unknown }).data).toEqual({
    authenticated: true,
    member: { name: 'Inès Laurent', tier: 'voyager' },
  });
  await laptopContext.close();
  await phoneContext.close();
});
