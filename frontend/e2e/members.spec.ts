import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { signIn } from './support/admin';
import { listEmails, type CapturedEmail } from './support/mail';

const SHOTS = process.env.E2E_SCREENSHOTS;
const ASK = 'I would like to charter a yacht in Monaco next weekend for eight guests';

/** The screen at a phone's width and a desktop's, whole; the page is left at 1440 px. */
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    // Ant Design's grid hears the new width on its next frame.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
}

/** The newest email to `address` whose subject matches and which is not among `seen`. */
async function nextEmail(address: string, subject: RegExp, seen: Set<string>): Promise<CapturedEmail> {
  let found: CapturedEmail | undefined;
  await expect
    .poll(
      async () => {
        found = (await listEmails()).find(
          (mail) =>
            !seen.has(mail.id) &&
            subject.test(mail.subject) &&
            mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()),
        );
        return found !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  seen.add(found!.id);
  return found!;
}

function linkIn(mail: CapturedEmail, path: RegExp): string {
  const match = path.exec(mail.html) ?? path.exec(mail.text);
  if (!match) throw new Error(`No link matching ${path} in '${mail.subject}'`);
  return new URL(match[0]).pathname;
}

/** Chromium's virtual authenticator for this page's browser: a platform passkey that verifies its user. */
async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    /** Whether the authenticator answers by itself, as a person touching it would (off: it waits). */
    presence: (enabled: boolean) => cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled }),
  };
}

/** The member's conversation and request, as the concierge page shows them. */
async function seesTheYacht(page: Page) {
  await expect(page).toHaveURL(/\/concierge$/);
  await expect(page.locator('main article[data-role="user"]').filter({ hasText: ASK })).toBeVisible();
  await page.getByRole('button', { name: /My requests/ }).click();
  await expect(page.getByRole('list', { name: 'My requests' })).toContainText(ASK);
  await page.keyboard.press('Escape');
}

test('a waitlist guest offered membership registers a passkey, asks for a yacht, and finds it on a second device signed in by email link and by code; Sign Out Everywhere Else ends the first, which signs in again with its passkey', async ({
  browser,
}) => {
  // Three browsers, two emails, a streamed reply and the worker's parse: more than a minute on a loaded machine.
  test.setTimeout(240_000);
  const email = `grace.${Date.now()}@example.com`;
  const emailPattern = new RegExp(email.replace(/\./g, '\\.'));
  const seen = new Set<string>();

  // An administrator offers membership to the waitlist row from the Waitlist tab.
  const adminContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const created = await adminContext.request.post('/api/waitlist', {
    data: { email, fullName: 'Grace Kelly', consent: true, bot_check: '' },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const admin = await adminContext.newPage();
  await admin.goto('/admin');
  await signIn(admin);
  await admin.getByLabel('Search the waitlist').fill(email);
  await expect(admin.getByText('1 entry', { exact: true })).toBeVisible();
  await admin.getByRole('row', { name: emailPattern }).getByRole('checkbox').check();
  await admin.getByRole('button', { name: 'Offer Membership' }).click();
  const offerDialog = admin.getByRole('dialog');
  await offerDialog.getByText('Voyager', { exact: true }).click();
  await offerDialog.getByRole('button', { name: 'Send Offers' }).click();
  await expect(offerDialog).toContainText('1 offer of Voyager membership sent.');
  await offerDialog.getByRole('button', { name: 'Done' }).click();

  // The Members tab lists the offer.
  await admin.getByRole('tab', { name: 'Members' }).click();
  await admin.getByLabel('Search the members').fill(email);
  // Her row, not another Grace Kelly's of an earlier run while the search is still on its way.
  const row = admin.getByRole('row', { name: emailPattern });
  await expect(row).toContainText('Offered');
  await expect(row).toContainText('Pending until');
  await shoot(admin, 'members-tab');

  // The offer email, as the mail catcher captured it.
  const offer = await nextEmail(email, /Your Membership Awaits/, seen);
  const setUp = linkIn(offer, /https?:\/\/[^"'\s<>]+\/membership\/[A-Za-z0-9_-]+/);
  const mailPage = await adminContext.newPage();
  await mailPage.setContent(offer.html, { waitUntil: 'load' });
  await shoot(mailPage, 'offer-email');
  await mailPage.close();

  // The member opens the link on a laptop with a platform passkey, accepts and registers one.
  const laptopContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const laptop = await laptopContext.newPage();
  const authenticator = await virtualAuthenticator(laptopContext, laptop);
  await laptop.goto(setUp);
  await expect(laptop.getByRole('heading', { name: 'An Offer of Membership' })).toBeVisible();
  await expect(laptop.getByLabel('Your Name')).toHaveValue('Grace Kelly');
  await shoot(laptop, 'membership-set-up');
  await laptop.getByRole('button', { name: 'Accept Membership' }).click();
  await expect(laptop.getByRole('heading', { name: 'Welcome, Grace Kelly' })).toBeVisible();
  await shoot(laptop, 'membership-passkey');
  await laptop.getByRole('button', { name: 'Register a Passkey' }).click();
  await expect(laptop).toHaveURL(/\/concierge$/);
  expect(await authenticator.credentials()).toHaveLength(1);

  // ... and asks the concierge for a yacht.
  const box = laptop.getByPlaceholder('Type a message...');
  await box.fill(ASK);
  await box.press('Enter');
  await expect(laptop.locator('main article[data-role="assistant"]')).toHaveCount(1, { timeout: 30_000 });
  await expect(async () => {
    await laptop.getByRole('button', { name: /My requests/ }).click();
    await expect(laptop.getByRole('list', { name: 'My requests' })).toContainText(ASK, { timeout: 2_000 });
    await laptop.keyboard.press('Escape');
  }).toPass({ timeout: 30_000 });

  // A phone signs in by the email's link and finds the same conversation and request.
  const phoneContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const phone = await phoneContext.newPage();
  await phone.goto('/concierge-auth');
  await expect(phone.getByRole('heading', { name: 'Members' })).toBeVisible();
  await shoot(phone, 'member-sign-in');
  await phone.getByLabel('Email', { exact: true }).fill(email);
  await phone.getByRole('button', { name: 'Email Me a Sign-In Link' }).click();
  await expect(phone.getByText(`If ${email} belongs to a member`)).toBeVisible();
  await expect(phone.getByLabel('Enter the code from the email')).toBeVisible();
  await shoot(phone, 'member-sign-in-code');
  const first = await nextEmail(email, /Your Sign-In Link/, seen);
  await phone.goto(linkIn(first, /https?:\/\/[^"'\s<>]+\/members\/sign-in\/[A-Za-z0-9_-]+/));
  await expect(phone.getByText(email)).toBeVisible();
  await shoot(phone, 'member-sign-in-link');
  await phone.getByRole('button', { name: 'Sign In', exact: true }).click();
  await seesTheYacht(phone);
  await shoot(phone, 'concierge-as-member');

  // 'Your Account', from the chat page: this device signs itself out, then back in by the code.
  await phone.getByRole('button', { name: 'Your Account' }).click();
  await expect(phone.getByRole('heading', { name: 'Your Account' })).toBeVisible();
  const devices = phone.getByRole('list', { name: 'Signed-in devices' });
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await expect(phone.getByRole('list', { name: 'Passkeys' }).getByRole('listitem')).toHaveCount(1);
  await shoot(phone, 'your-account');
  await devices
    .getByRole('listitem')
    .filter({ hasText: 'This Device' })
    .getByRole('button', { name: 'Sign Out' })
    .click();
  await expect(phone).toHaveURL(/\/concierge-auth$/);
  await phone.getByLabel('Email', { exact: true }).fill(email);
  await phone.getByRole('button', { name: 'Email Me a Sign-In Link' }).click();
  const second = await nextEmail(email, /Your Sign-In Link/, seen);
  const code = /\b(\d{3}) ?(\d{3})\b/.exec(second.text);
  expect(code, 'the sign-in code in the email').not.toBeNull();
  await phone.getByLabel('Enter the code from the email').fill(`${code![1]}${code![2]}`);
  await phone.getByRole('button', { name: 'Sign In', exact: true }).click();
  await seesTheYacht(phone);

  // Sign Out Everywhere Else, from the phone, ends the laptop's session. The laptop's authenticator
  // waits for a touch meanwhile: on /concierge-auth the browser offers its passkey in the email
  // field's suggestions, and a virtual authenticator that answers by itself would sign straight in.
  await authenticator.presence(false);
  await phone.getByRole('button', { name: 'Your Account' }).click();
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await phone.getByRole('button', { name: 'Sign Out Everywhere Else' }).click();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(devices).toContainText('This Device');
  expect((await laptopContext.request.get('/api/members/me')).status()).toBe(401);
  await laptop.goto('/concierge/account');
  await expect(laptop).toHaveURL(/\/concierge-auth$/);
  await expect(laptop.getByRole('button', { name: 'Access Concierge' })).toBeVisible();

  // The laptop signs in again with its passkey, and the conversation is there. With the authenticator
  // answering again, the email field's suggestion may sign in before the button is pressed: either
  // way it is the passkey.
  await authenticator.presence(true);
  await expect(async () => {
    if (laptop.url().endsWith('/concierge-auth')) {
      await laptop.getByRole('button', { name: 'Sign In with a Passkey' }).click({ timeout: 2_000 });
    }
    await expect(laptop).toHaveURL(/\/concierge$/, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await seesTheYacht(laptop);

  await adminContext.close();
  await laptopContext.close();
  await phoneContext.close();
});
