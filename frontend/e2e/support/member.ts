import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { AUTH } from './admin';
import { query } from './database';
import { waitForEmail } from './mail';

export interface SignedInMember {
  page: Page;
  id: string;
  email: string;
}

/**
 * A waitlist guest offered membership by the administrator (through the API), who accepts the
 * emailed offer in a browser of their own (a desktop's width, with `permissions` granted): a page
 * signed in as the member, the member's id and address.
 */
export async function signedInMember(
  browser: Browser,
  request: APIRequestContext,
  name: string,
  options: { permissions?: string[] } = {},
): Promise<SignedInMember> {
  const email = `${name.split(' ')[0].toLowerCase()}.${Date.now()}@example.com`;
  const joined = await request.post('/api/waitlist', { data: { email, fullName: name, consent: true, bot_check: '' } });
  expect(joined.ok(), await joined.text()).toBeTruthy();
  const [entry] = await query<{ id: string }>('select id from waitlist_entries where email = $1', [email]);
  const offered = await request.post('/api/admin/members/offers', {
    headers: { authorization: AUTH },
    data: { tier: 'patron', entryIds: [entry.id] },
  });
  expect(offered.ok(), await offered.text()).toBeTruthy();
  const offer = await waitForEmail(email, /Your Membership Awaits/, 30_000);
  const token = /\/membership\/([A-Za-z0-9_-]+)/.exec(offer.html)?.[1];
  expect(token, 'the offer email links to /membership/<token>').toBeTruthy();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  if (options.permissions) await context.grantPermissions(options.permissions);
  const accepted = await context.request.post(`/api/membership/offers/${token}/accept`, { data: { name } });
  expect(accepted.ok(), await accepted.text()).toBeTruthy();
  const id = ((await accepted.json()) as { member: { id: string } }).member.id;
  return { page: await context.newPage(), id, email };
}
