import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Cookie,
  type Page,
} from '@playwright/test';
import { AUTH, CLAIRE, createEvent, staffAccount, startingSoon } from './admin';
import { waitForEmail } from './mail';

/**
 * Every screen of the house, with the data that fills it: the house-style spec checks each one at
 * both widths, and `npm run screenshots` (the same spec with HOUSE_SCREENSHOTS set) photographs
 * them. A screen is opened from a fresh navigation, so that one screen's failure never leaves the
 * next one half open.
 */

export const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
] as const;

export const MEMBERS_PASSWORD = process.env.E2E_CONCIERGE_PASSWORD ?? 'e2e-concierge-password';
const CARD_DECLINED = '4000 0000 0000 0002';
const CARD_ACCEPTED = '4242 4242 4242 4242';

/** What the screens show, created once per run through the app's own API and pages. */
export interface House {
  stamp: number;
  event: { id: number; name: string };
  paidEvent: { id: number; name: string };
  doorEvent: { id: number; host: string };
  fullEvent: { id: number; name: string };
  /** Invitations by the state their guest left them in. */
  codes: { unanswered: string; attending: string; waiting: string };
  payment: { code: string; rsvpId: string };
  /** The member's signed-in session, whose thread staff answered with options. */
  memberCookies: Cookie[];
  waitlistTag: string;
  /** Members offered from the waitlist: an offer still open, a sign-in email's link, and a member's own session. */
  membership: { offerPath: string; signInPath: string; accountCookies: Cookie[] };
}

const admin = { headers: { authorization: AUTH } };
const phone = (page: Page) => (page.viewportSize()?.width ?? 0) < 768;
/** A guest's line in an admin list: a table row, or on a phone one card per guest. */
const guestLine = (page: Page, text: string) =>
  page.getByRole('row').or(page.getByRole('listitem')).filter({ hasText: text }).filter({ visible: true }).first();

async function invite(request: APIRequestContext, eventId: number, name: string, email: string, maxGuests = 2) {
  const response = await request.post('/api/admin/invitations', {
    ...admin,
    data: { eventId, recipientName: name, recipientEmail: email, maxGuests },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()).data.invitationCode as string;
}

async function rsvp(request: APIRequestContext, code: string, data: Record<string, unknown>) {
  const response = await request.post(`/api/invitations/${code}/rsvp`, { data });
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()).data.rsvp.id as string;
}

export async function payWith(page: Page, card: string): Promise<void> {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay Now' }).click();
}

/**
 * Fills every screen with what a busy evening would leave: events free, paid, full and starting
 * at the door; guests who answered, paid, wait in line or have not answered; long addresses on
 * the waitlist; a vendor and an application; a member's request that staff answered with options.
 */
export async function createHouse(request: APIRequestContext, browser: Browser): Promise<House> {
  const stamp = Date.now();
  const waitlistTag = `house${stamp}`;
  const eventName = `Riviera Soirée on the Terrace ${stamp}`;
  const eventId = await createEvent(request, eventName, { dressCode: 'Black tie' });
  const unanswered = await invite(request, eventId, 'Grace Kelly', `grace.${stamp}@example.com`);
  const attending = await invite(request, eventId, 'Rainier Grimaldi', `rainier.${stamp}@example.com`, 3);
  await rsvp(request, attending, {
    status: 'attending',
    guestCount: 3,
    guestNames: ['Cary Grant', 'Audrey Hepburn'],
    dietaryRestrictions: 'No shellfish',
    specialRequests: 'A table near the terrace',
  });

  const paidName = `Monte-Carlo Gala ${stamp}`;
  const paidId = await createEvent(request, paidName, { eventType: 'gala', capacity: 50, ticketPrice: 250 });
  const payingCode = await invite(request, paidId, 'Coco Chanel', `coco.${stamp}@example.com`);
  const rsvpId = await rsvp(request, payingCode, { status: 'attending', guestCount: 2 });
  const paidCode = await invite(request, paidId, 'Cary Grant', `cary.${stamp}@example.com`);
  const paidRsvp = await rsvp(request, paidCode, { status: 'attending', guestCount: 1 });

  const fullName = `Full Terrace ${stamp}`;
  const fullId = await createEvent(request, fullName, { capacity: 1 });
  await rsvp(request, await invite(request, fullId, 'Audrey Hepburn', `audrey.${stamp}@example.com`), {
    status: 'attending',
    guestCount: 1,
  });
  const waiting = await invite(request, fullId, 'Sophia Loren', `sophia.${stamp}@example.com`);
  const joined = await request.post(`/api/invitations/${waiting}/waiting-list`, { data: { guestCount: 2 } });
  expect(joined.ok(), await joined.text()).toBeTruthy();

  const host = `Grace Kelly ${stamp}`;
  const doorId = await createEvent(request, `Door Evening ${stamp}`, startingSoon());
  await rsvp(request, await invite(request, doorId, host, `door.${stamp}@example.com`, 3), {
    status: 'attending',
    guestCount: 3,
    guestNames: ['Rainier Grimaldi', 'Cary Grant'],
    dietaryRestrictions: 'No shellfish',
  });

  // Sign-ups as the landing page stores them, one with the long address a private office uses.
  for (const [email, fullName] of [
    [`alexandra.montgomery-fitzwilliam.${waitlistTag}@private-office.example.com`, 'Alexandra Montgomery-Fitzwilliam'],
    [`coco.${waitlistTag}@example.com`, 'Coco Chanel'],
    [`gianni.${waitlistTag}@example.com`, 'Gianni Agnelli'],
  ]) {
    const joinedList = await request.post('/api/waitlist', {
      data: {
        email,
        fullName,
        phoneNumber: '+377 93 15 48 00',
        consent: true,
        bot_check: '',
        utmCampaign: waitlistTag,
      },
    });
    expect(joinedList.ok(), await joinedList.text()).toBeTruthy();
  }

  // A vendor (an approved application) and an application still pending.
  const vendorName = `Maison Lumière ${stamp}`;
  for (const name of [vendorName, `Hôtel Hermitage Monte-Carlo ${stamp}`]) {
    const applied = await request.post('/api/vendor-applications', {
      data: {
        name,
        contactName: 'Élise Martin',
        email: `elise.${stamp}@maisonlumiere.example`,
        phone: '+377 98 06 40 00',
        description: 'Private dining and event space overlooking the harbour.',
        categories: ['restaurant', 'event_space'],
        address: 'Square Beaumarchais',
        city: 'Monte-Carlo',
        state: 'Monaco',
        zipCode: '98000',
        termsAccepted: true,
      },
    });
    expect(applied.ok(), await applied.text()).toBeTruthy();
  }
  const listed = await request.get('/api/admin/vendor-applications?page=1&pageSize=50', admin);
  const application = ((await listed.json()).data as Array<{ id: number; name: string }>).find(
    (item) => item.name === vendorName,
  );
  expect(application, 'the application just sent is listed').toBeTruthy();
  const approved = await request.patch(`/api/admin/vendor-applications/${application!.id}`, {
    ...admin,
    data: { status: 'approved', adminNotes: 'Approved by admin' },
  });
  expect(approved.ok(), await approved.text()).toBeTruthy();

  // A payment that went through (the Payments tab), then the member's request that staff answered.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(`/invitations/${paidCode}/payment/${paidRsvp}`);
    await payWith(page, CARD_ACCEPTED);
    await expect(page).toHaveURL(/\/thank-you$/, { timeout: 30_000 });

    await page.goto('/concierge-auth');
    await page.getByLabel('Password').fill(MEMBERS_PASSWORD);
    await page.getByRole('button', { name: 'Access Concierge' }).click();
    await expect(page).toHaveURL(/\/concierge$/);
    const box = page.getByPlaceholder('Type a message...');
    await box.fill(`I would like to charter a yacht in Monaco next weekend for eight guests (${stamp})`);
    await box.press('Enter');
    await expect(page.getByRole('button', { name: 'Regenerate' })).toBeVisible({ timeout: 30_000 });
    // The request exists once the worker has read the member's message.
    let requestId = '';
    await expect
      .poll(
        async () => {
          const answer = await request.get(`/api/admin/user-requests?q=${stamp}`, admin);
          requestId = ((await answer.json()).data as Array<{ id: string }>)[0]?.id ?? '';
          return requestId;
        },
        { timeout: 30_000 },
      )
      .not.toBe('');
    // Signed with the concierge's display name, Claire.
    const claire = { headers: { authorization: await staffAccount(request, CLAIRE) } };
    const started = await request.patch(`/api/admin/user-requests/${requestId}`, {
      ...claire,
      data: { status: 'in_progress', note: 'Three yachts are free in Port Hercule.' },
    });
    expect(started.ok(), await started.text()).toBeTruthy();
    const options = await request.post(`/api/admin/user-requests/${requestId}/options`, {
      ...claire,
      data: {
        options: [
          { title: 'Benetti Oasis 40M, two days', price: 48000, currency: 'EUR' },
          { title: 'Sunseeker 30M, two days', price: 32000, currency: 'EUR' },
        ],
      },
    });
    expect(options.ok(), await options.text()).toBeTruthy();
    const reply = await request.post(`/api/admin/user-requests/${requestId}/replies`, {
      ...claire,
      data: { content: 'Both come with a captain and a chef. Which do you prefer?' },
    });
    expect(reply.ok(), await reply.text()).toBeTruthy();
    const memberCookies = await context.cookies();
    const membership = await offerMembership(request, browser, waitlistTag);

    return {
      stamp,
      event: { id: eventId, name: eventName },
      paidEvent: { id: paidId, name: paidName },
      doorEvent: { id: doorId, host },
      fullEvent: { id: fullId, name: fullName },
      codes: { unanswered, attending, waiting },
      payment: { code: payingCode, rsvpId },
      memberCookies,
      waitlistTag,
      membership,
    };
  } finally {
    await context.close();
  }
}

const linkIn = (html: string, path: RegExp) => new URL(path.exec(html)?.[0] ?? 'http://invalid/').pathname;

/**
 * Membership offered to the waitlist's sign-ups: Gianni's offer is left open (its page only reads
 * it), Coco accepts hers in a browser of her own (her session's cookies open 'Your Account') and
 * asks for a sign-in email (its link's page only reads it too).
 */
async function offerMembership(request: APIRequestContext, browser: Browser, waitlistTag: string) {
  const offered = await request.post('/api/admin/members/offers', {
    ...admin,
    data: { tier: 'patron', allMatching: true, utmCampaign: waitlistTag },
  });
  expect(offered.ok(), await offered.text()).toBeTruthy();
  const offerLink = /https?:\/\/[^"'\s<>]+\/membership\/[A-Za-z0-9_-]+/;
  const open = await waitForEmail(`gianni.${waitlistTag}@example.com`, /Your Membership Awaits/);
  const coco = `coco.${waitlistTag}@example.com`;
  const accepted = await waitForEmail(coco, /Your Membership Awaits/);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(linkIn(accepted.html, offerLink));
    await page.getByRole('button', { name: 'Accept Membership' }).click();
    await page.getByRole('button', { name: 'Use Email Sign-In Only' }).click();
    await expect(page).toHaveURL(/\/concierge$/);
    const accountCookies = (await context.cookies()).filter((cookie) => cookie.name === 'mf_member');
    const asked = await request.post('/api/members/sign-in/email', { data: { email: coco } });
    expect(asked.ok(), await asked.text()).toBeTruthy();
    const signIn = await waitForEmail(coco, /Your Sign-In Link/);
    return {
      offerPath: linkIn(open.html, offerLink),
      signInPath: linkIn(signIn.html, /https?:\/\/[^"'\s<>]+\/members\/sign-in\/[A-Za-z0-9_-]+/),
      accountCookies,
    };
  } finally {
    await context.close();
  }
}

/** A context per width: reduced motion, so that what moves has settled before it is measured. */
export async function widthContext(browser: Browser, width: (typeof WIDTHS)[number]): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: width, reducedMotion: 'reduce' });
  // An action waits for its element this long, not until the test's own time is up: a screen
  // that cannot be reached is reported, and the walk goes on to the next.
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  return context;
}

export interface Screen {
  /** Who owns it: public, guest, members, admin or door. */
  area: 'public' | 'guest' | 'members' | 'admin' | 'door';
  name: string;
  /** Brings a fresh page to the screen, drawn with its data. */
  open: (page: Page, house: House) => Promise<void>;
  /**
   * The walk opens a screen once, at a phone's width, and measures it there and again once the
   * window is widened. A screen whose opening depends on the width (a drawer on a phone, a column
   * wider) is opened afresh at each width.
   */
  openedPerWidth?: boolean;
  /** Runs before the screen (turns maintenance on) and after it, whatever happened. */
  around?: {
    before: (request: APIRequestContext) => Promise<void>;
    after: (request: APIRequestContext) => Promise<void>;
  };
}

const maintenance = (enabled: boolean) => async (request: APIRequestContext) => {
  const answer = await request.put('/api/admin/maintenance', { ...admin, data: { enabled } });
  expect(answer.ok(), await answer.text()).toBeTruthy();
};
const inMaintenance = { before: maintenance(true), after: maintenance(false) };

/** The admin's credentials live in the tab's sessionStorage: put there before the page's script reads them. */
async function asAdmin(page: Page, path: string): Promise<void> {
  await page.addInitScript((auth) => sessionStorage.setItem('mf.admin.auth', auth), AUTH);
  await page.goto(path);
}

export async function adminTab(page: Page, ...tabs: string[]): Promise<void> {
  await asAdmin(page, '/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible({ timeout: 30_000 });
  for (const tab of tabs) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await expect(page.getByRole('tab', { name: tab, exact: true, selected: true })).toBeAttached();
  }
}

/**
 * The Launch Party tab's Invitations or Responses for one event. The event filter lives in those
 * tabs; it is chosen with the keyboard, which walks the options' virtual list (it draws only what
 * is in view, and other specs of the same run add events of their own).
 */
async function launchPartyFor(page: Page, eventName: string, tab: 'Invitations' | 'Responses', inner?: string) {
  await adminTab(page, 'Launch Party');
  await page.getByRole('tab', { name: tab, exact: true }).click();
  const filter = page.getByLabel('Filter by event').filter({ visible: true });
  await filter.focus();
  const active = page.locator('.ant-select-item-option-active');
  await expect(async () => {
    await filter.press('ArrowDown');
    expect(await active.textContent({ timeout: 2_000 })).toBe(eventName);
  }).toPass({ timeout: 30_000 });
  await filter.press('Enter');
  if (inner) {
    await page.getByRole('tab', { name: inner, exact: true }).click();
    await expect(page.getByRole('tab', { name: inner, exact: true, selected: true })).toBeAttached();
  }
}

async function signInMember(page: Page, house: House): Promise<void> {
  await page.context().addCookies(house.memberCookies);
  await page.addInitScript(() => localStorage.setItem('mf.concierge.authenticated', 'true'));
  await page.goto('/concierge');
  await expect(page).toHaveURL(/\/concierge$/);
}

async function askSessionChat(page: Page): Promise<void> {
  await page.goto('/modern-concierge');
  const box = page.getByPlaceholder('Ask a question...');
  await box.fill('Plan a trip to Lisbon for two in the first week of June, with a suite and a private guide');
  await box.press('Enter');
  await expect(page.locator('main article[data-role="assistant"]')).toHaveCount(2, { timeout: 30_000 });
  await expect(page.locator('main article[data-role="assistant"][aria-busy="true"]')).toHaveCount(0, {
    timeout: 30_000,
  });
}

async function openWidget(page: Page): Promise<void> {
  await page.goto('/');
  const launcher = page.getByRole('button', { name: 'Ask the concierge' });
  await expect(launcher).toBeVisible({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: /Concierge$/ });
  await expect(async () => {
    if (!(await dialog.isVisible())) await launcher.click();
    await expect(dialog).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

async function landingWaitlist(page: Page, email: string): Promise<void> {
  await page.goto('/#access');
  const form = page.locator('#access');
  await form.getByLabel(/email/i).fill(email);
  await form.getByLabel(/full name/i).fill('Grace Kelly');
  await form.getByRole('checkbox').check();
  await form
    .getByRole('button', { name: /request|join|submit/i })
    .first()
    .click();
}

/** Every screen, in an order that needs no undoing: the member signs in after the sign-in screen. */
export const SCREENS: Screen[] = [
  {
    area: 'public',
    name: 'landing /',
    open: async (page) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Extraordinary Access' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Ask the concierge' })).toBeVisible({ timeout: 30_000 });
    },
  },
  {
    area: 'public',
    name: 'landing: waitlist confirmation /#access',
    open: async (page, house) => {
      await landingWaitlist(page, `joined.${house.stamp}.${page.viewportSize()?.width}@example.com`);
      await expect(page.getByRole('heading', { name: 'Welcome to the Inner Circle' })).toBeVisible();
    },
  },
  {
    area: 'public',
    name: 'landing: waitlist with a bad email /#access',
    open: async (page) => {
      await page.goto('/#access');
      const form = page.locator('#access');
      await form.getByLabel(/email/i).fill('not-an-email');
      await form
        .getByRole('button', { name: /request|join|submit/i })
        .first()
        .click();
      await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    },
  },
  {
    area: 'members',
    name: 'floating concierge, opened, after a reply /',
    open: async (page) => {
      await openWidget(page);
      const dialog = page.getByRole('dialog', { name: /Concierge$/ });
      const box = dialog.getByPlaceholder('Ask anything...');
      await box.fill('Charter a yacht in Monaco next weekend for 8 guests');
      await box.press('Enter');
      await expect(dialog.locator('article[data-role="assistant"]')).toHaveCount(2, { timeout: 30_000 });
      await expect(dialog.locator('article[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
    },
  },
  {
    area: 'public',
    name: 'vendor application /vendor-apply',
    open: async (page) => {
      await page.goto('/vendor-apply');
      await expect(page.getByRole('heading', { name: 'Become a Vendor Partner' })).toBeVisible();
    },
  },
  {
    area: 'public',
    name: 'vendor application with errors /vendor-apply',
    open: async (page) => {
      await page.goto('/vendor-apply');
      await expect(async () => {
        await page.getByRole('button', { name: 'Submit Application' }).click();
        await expect(page.getByText('Business name must be at least 2 characters')).toBeVisible({ timeout: 3_000 });
      }).toPass({ timeout: 30_000 });
    },
  },
  {
    area: 'public',
    name: 'not found /thank-you (no page of its own)',
    open: async (page) => {
      await page.goto('/thank-you');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    },
  },
  {
    area: 'public',
    name: 'maintenance screen /',
    around: inMaintenance,
    open: async (page) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Maintenance Mode' })).toBeVisible();
    },
  },
  {
    area: 'public',
    name: 'maintenance: Return to Site dialog /',
    around: inMaintenance,
    open: async (page) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Return to Site' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    area: 'guest',
    name: 'invitation, not answered /invitation/:code',
    open: async (page, house) => {
      await page.goto(`/invitation/${house.codes.unanswered}`);
      await expect(page.getByRole('heading', { name: house.event.name })).toBeVisible();
    },
  },
  {
    area: 'guest',
    name: 'invitation, attending, with the pass /invitation/:code',
    open: async (page, house) => {
      await page.goto(`/invitation/${house.codes.attending}`);
      await expect(page.getByRole('img', { name: /^Door pass for/ })).toBeVisible();
    },
  },
  {
    area: 'guest',
    name: 'invitation, on the waiting list /invitation/:code',
    open: async (page, house) => {
      await page.goto(`/invitation/${house.codes.waiting}`);
      await expect(page.getByText('You Are on the Waiting List')).toBeVisible();
    },
  },
  {
    area: 'guest',
    name: 'invitation, unknown code /invitation/:code',
    open: async (page) => {
      await page.goto('/invitation/no-such-invitation');
      await expect(page.getByRole('heading').first()).toBeVisible();
    },
  },
  {
    area: 'guest',
    name: 'thank-you /invitations/:code/thank-you',
    open: async (page, house) => {
      await page.goto(`/invitations/${house.codes.attending}/thank-you`);
      await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    },
  },
  {
    area: 'guest',
    name: 'payment /invitations/:code/payment/:rsvpId',
    open: async (page, house) => {
      await page.goto(`/invitations/${house.payment.code}/payment/${house.payment.rsvpId}`);
      await expect(page.getByRole('heading', { name: 'Complete Your Reservation' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
    },
  },
  {
    area: 'guest',
    name: 'payment declined /invitations/:code/payment/:rsvpId',
    open: async (page, house) => {
      await page.goto(`/invitations/${house.payment.code}/payment/${house.payment.rsvpId}`);
      await payWith(page, CARD_DECLINED);
      await expect(page.getByRole('form', { name: 'Test card payment' }).getByRole('alert')).toContainText(
        'Your card was declined.',
      );
    },
  },
  {
    area: 'members',
    name: 'members’ sign-in /concierge-auth',
    open: async (page) => {
      await page.goto('/concierge-auth');
      await expect(page.getByRole('button', { name: 'Access Concierge' })).toBeVisible();
    },
  },
  {
    area: 'members',
    name: 'membership set-up /membership/:token',
    open: async (page, house) => {
      await page.goto(house.membership.offerPath);
      await expect(page.getByRole('button', { name: 'Accept Membership' })).toBeVisible();
    },
  },
  {
    area: 'members',
    name: 'member sign-in link /members/sign-in/:token',
    open: async (page, house) => {
      await page.goto(house.membership.signInPath);
      await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    },
  },
  {
    area: 'members',
    name: 'members’ chat with staff options /concierge',
    open: async (page, house) => {
      await signInMember(page, house);
      await expect(page.locator('main article[data-role="concierge"]').first()).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('button', { name: /^Accept / }).first()).toBeVisible();
    },
  },
  {
    area: 'members',
    name: 'members’ chat: My requests /concierge',
    open: async (page, house) => {
      await signInMember(page, house);
      await page.getByRole('button', { name: /My requests/ }).click();
      await expect(page.getByRole('list', { name: 'My requests' })).toContainText('Options proposed');
    },
  },
  {
    area: 'members',
    name: 'members’ conversations drawer /concierge',
    openedPerWidth: true,
    open: async (page, house) => {
      await signInMember(page, house);
      const list = page.getByRole('navigation', { name: 'Conversations' });
      // Under 768 px the conversations are a drawer; wider, a column of the page.
      if (phone(page)) {
        await page.getByRole('button', { name: 'Show conversations' }).click();
        await expect(page.getByRole('dialog').getByRole('navigation', { name: 'Conversations' })).toBeVisible();
      } else await expect(list).toBeVisible();
    },
  },
  {
    area: 'members',
    name: 'session chat after a question /modern-concierge',
    open: async (page) => {
      await askSessionChat(page);
    },
  },
  {
    area: 'members',
    name: 'session chat: your requests /modern-concierge',
    openedPerWidth: true,
    open: async (page) => {
      await askSessionChat(page);
      if (phone(page)) await page.getByRole('button', { name: 'Your requests' }).click();
      await expect(
        page
          .getByRole('dialog', { name: 'Your requests' })
          .or(page.getByRole('complementary', { name: 'Your requests' })),
      ).toContainText(/Lisbon/);
    },
  },
  {
    area: 'members',
    name: 'simple concierge /simple-concierge',
    open: async (page) => {
      await page.goto('/simple-concierge');
      await expect(page.getByPlaceholder('Type a message...')).toBeVisible();
    },
  },
  {
    area: 'admin',
    name: 'admin sign-in /admin',
    open: async (page) => {
      await page.goto('/admin');
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    },
  },
  {
    area: 'admin',
    name: 'admin: Waitlist tab /admin',
    open: async (page, house) => {
      await adminTab(page);
      await page.getByLabel('Search the waitlist').fill(house.waitlistTag);
      await expect(page.getByText('3 entries')).toBeVisible();
    },
  },
  {
    area: 'admin',
    name: 'admin: Waitlist, Invite to Event dialog /admin',
    open: async (page, house) => {
      await adminTab(page);
      await page.getByLabel('Search the waitlist').fill(house.waitlistTag);
      await page.getByRole('button', { name: 'Invite all 3 matching' }).click();
      await expect(page.getByRole('dialog', { name: 'Invite to Event' })).toBeVisible();
    },
  },
  {
    area: 'admin',
    name: 'admin: Members tab /admin',
    open: async (page, house) => {
      await adminTab(page, 'Members');
      await page.getByLabel('Search the members').fill(house.waitlistTag);
      await expect(guestLine(page, 'Coco Chanel')).toContainText('Active');
    },
  },
  {
    area: 'admin',
    name: 'admin: Requests tab /admin',
    open: async (page, house) => {
      await adminTab(page, 'Requests');
      await expect(page.getByRole('button', { name: new RegExp(String(house.stamp)) }).first()).toBeVisible();
    },
  },
  {
    area: 'admin',
    name: 'admin: Requests, a request opened /admin',
    open: async (page, house) => {
      await adminTab(page, 'Requests');
      await page
        .getByRole('button', { name: new RegExp(String(house.stamp)) })
        .first()
        .click();
      await expect(page.getByRole('dialog').getByRole('region', { name: 'Conversation' })).toContainText('yacht');
    },
  },
  {
    area: 'admin',
    name: 'admin: Vendors tab /admin',
    open: async (page, house) => {
      await adminTab(page, 'Vendors');
      await expect(page.getByTestId('vendor-card').filter({ hasText: String(house.stamp) })).toBeVisible();
      await expect(page.getByTestId('vendor-application').first()).toBeVisible();
    },
  },
  {
    area: 'admin',
    name: 'admin: Vendors, Edit Vendor dialog /admin',
    open: async (page, house) => {
      await adminTab(page, 'Vendors');
      await page
        .getByTestId('vendor-card')
        .filter({ hasText: String(house.stamp) })
        .getByRole('button', { name: 'Edit' })
        .click();
      await expect(page.getByRole('dialog').getByText(/Edit Vendor/)).toBeVisible();
    },
  },
  {
    area: 'admin',
    name: 'admin: Launch Party, Events /admin',
    open: async (page, house) => {
      await adminTab(page, 'Launch Party');
      await expect(page.locator('.ant-card').filter({ hasText: house.event.name })).toBeVisible();
    },
  },
  {
    area: 'admin',
    name: 'admin: Launch Party, Create Event dialog /admin',
    open: async (page) => {
      await adminTab(page, 'Launch Party');
      await page.getByRole('button', { name: 'Create Event' }).first().click();
      await expect(page.getByRole('dialog', { name: 'Create Event' })).toBeVisible();
    },
  },
  {
    area: 'admin',
    name: 'admin: Launch Party, Edit Event dialog /admin',
    open: async (page, house) => {
      await adminTab(page, 'Launch Party');
      await page
        .locator('.ant-card')
        .filter({ hasText: house.event.name })
        .getByRole('button', { name: /Edit/ })
        .click();
      await expect(page.getByRole('dialog').getByLabel('Event Name', { exact: true })).toHaveValue(house.event.name);
    },
  },
  {
    area: 'admin',
    name: 'admin: Launch Party, Invitations /admin',
    open: async (page, house) => {
      await launchPartyFor(page, house.event.name, 'Invitations');
      await expect(guestLine(page, 'Grace Kelly')).toBeVisible();
    },
  },
  {
    area: 'admin',
    name: 'admin: Launch Party, Create Invitation dialog /admin',
    open: async (page, house) => {
      await launchPartyFor(page, house.event.name, 'Invitations');
      await page.getByRole('button', { name: 'Create Invitation' }).click();
      await expect(page.getByRole('dialog', { name: 'Create Invitation' })).toBeVisible();
    },
  },
  {
    area: 'admin',
    name: 'admin: Launch Party, Responses: RSVPs /admin',
    open: async (page, house) => {
      await launchPartyFor(page, house.event.name, 'Responses');
      await expect(guestLine(page, 'Rainier Grimaldi')).toBeVisible();
    },
  },
  {
    area: 'admin',
    name: 'admin: Launch Party, RSVP Details dialog /admin',
    open: async (page, house) => {
      await launchPartyFor(page, house.event.name, 'Responses');
      await guestLine(page, 'Rainier Grimaldi').getByRole('button', { name: 'Details' }).click();
      await expect(page.getByRole('dialog', { name: 'RSVP Details' })).toContainText('No shellfish');
    },
  },
  {
    area: 'admin',
    name: 'admin: Launch Party, Responses: Payments /admin',
    open: async (page, house) => {
      await launchPartyFor(page, house.paidEvent.name, 'Responses', 'Payments');
      await expect(guestLine(page, 'Cary Grant')).toContainText('succeeded');
    },
  },
  {
    area: 'admin',
    name: 'admin: Launch Party, Payment Details dialog /admin',
    open: async (page, house) => {
      await launchPartyFor(page, house.paidEvent.name, 'Responses', 'Payments');
      await page.getByRole('button', { name: 'Details of the payment by Cary Grant' }).click();
      await expect(page.getByRole('dialog', { name: 'Payment Details' })).toBeVisible();
    },
  },
  {
    area: 'admin',
    name: 'admin: Launch Party, Responses: Waiting List /admin',
    open: async (page, house) => {
      await launchPartyFor(page, house.fullEvent.name, 'Responses', 'Waiting List');
      await expect(guestLine(page, 'Sophia Loren')).toBeVisible();
    },
  },
  {
    area: 'door',
    name: 'the door /admin/check-in',
    open: async (page, house) => {
      await asAdmin(page, `/admin/check-in?event=${house.doorEvent.id}`);
      await expect(page.getByRole('heading', { name: 'The Door' })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('arrived-guests')).toBeVisible();
    },
  },
  {
    area: 'door',
    name: 'the door, a party found /admin/check-in',
    open: async (page, house) => {
      await asAdmin(page, `/admin/check-in?event=${house.doorEvent.id}`);
      await page.getByLabel('Search by guest name').fill('Grimaldi');
      await page.getByRole('button', { name: new RegExp(house.doorEvent.host) }).click();
      await expect(page.getByRole('article', { name: `Party of ${house.doorEvent.host}` })).toBeVisible();
    },
  },
  // Last: the member's session cookie stays in the width's browser for the screens after it.
  {
    area: 'members',
    name: 'Your Account /concierge/account',
    open: async (page, house) => {
      await page.context().addCookies(house.membership.accountCookies);
      await page.goto('/concierge/account');
      await expect(page.getByRole('heading', { name: 'Your Account' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem')).toHaveCount(1);
    },
  },
];
