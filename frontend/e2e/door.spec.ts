import { expect, test, type Page } from '@playwright/test';
import { query } from './support/database';
import { answerTo, choose } from './support/page';
import { AUTH, signIn, createEvent, startingSoon } from './support/admin';

const SHOTS = process.env.E2E_SCREENSHOTS;

async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ animations: 'disabled', path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('an admin selects waitlist rows, invites them to an event, and the progress bar reaches 100%', async ({
  page,
  request,
}) => {
  // Two invitations through the worker and a mail catcher, on a machine shared with other work.
  test.setTimeout(180_000);
  const stamp = Date.now();
  const tag = `door${stamp}`;
  const eventName = `Riviera Soirée ${stamp}`;
  await createEvent(request, eventName);
  // Sign-ups as the landing page would have stored them: 25 from this campaign.
  await query(
    `insert into waitlist_entries (id, email, full_name, consent, source, utm_campaign, created_at)
     select gen_random_uuid(), $1 || '.' || n || '@example.com', 'Guest ' || n || ' ' || $1, true, 'landing', $1,
            now() - make_interval(mins => n)
       from generate_series(1, 25) as n`,
    [tag],
  );

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/admin');
  await signIn(page);
  await expect(page.getByRole('tab', { name: 'Waitlist', selected: true })).toBeVisible();
  await page.getByLabel('Search the waitlist').fill(tag);
  await expect(page.getByText('25 entries')).toBeVisible();

  // Three rows chosen by hand.
  for (const n of [1, 2, 3]) {
    await page
      .getByRole('row', { name: new RegExp(`${tag}\\.${n}@example\\.com`) })
      .getByRole('checkbox')
      .check();
  }
  await expect(page.getByText('3 selected')).toBeVisible();
  await shoot(page, 'waitlist-selected-1440');
  await page.getByRole('button', { name: 'Invite to event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite to Event' });
  await expect(dialog.getByText('3 chosen entries')).toBeVisible();
  await choose(page, dialog, 'Event', eventName);
  await dialog.getByLabel('Max Guests').fill('2');
  await dialog.getByLabel('Note (optional)').fill('Valet at the north entrance.');
  await shoot(page, 'waitlist-invite-dialog-1440');
  const chosen = await answerTo(page, 'POST', '/api/admin/invitations/from-waitlist', () =>
    dialog.getByRole('button', { name: 'Send Invitations' }).click(),
  );
  expect(chosen.status(), await chosen.text()).toBe(201);
  await expect(dialog.getByText('3 invitations created and queued.')).toBeVisible();
  const bar = dialog.getByRole('progressbar');
  await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
  await expect(dialog.getByText('3 of 3 sent')).toBeVisible();
  await shoot(page, 'waitlist-invite-progress-1440');
  await dialog.getByRole('button', { name: 'Done' }).click();

  // Then every row matching the search: the three already invited are reported, not invited twice.
  await page.getByRole('button', { name: 'Invite all 25 matching' }).click();
  const all = page.getByRole('dialog', { name: 'Invite to Event' });
  await expect(all.getByText('every entry matching the current search and filters (25 entries)')).toBeVisible();
  await choose(page, all, 'Event', eventName);
  const matching = await answerTo(page, 'POST', '/api/admin/invitations/from-waitlist', () =>
    all.getByRole('button', { name: 'Send Invitations' }).click(),
  );
  expect(matching.status(), await matching.text()).toBe(201);
  await expect(all.getByText(/22 invitations created and queued\. 3 entries already had an invitation/)).toBeVisible();
  await expect(all.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
  await expect(all.getByText('22 of 22 sent')).toBeVisible();
  const [{ count }] = await query<{ count: number }>(
    `select count(*)::int as count from invitations i join events e on e.id = i.event_id
      where e.name = $1 and i.status = 'sent'`,
    [eventName],
  );
  expect(count).toBe(25);

  if (SHOTS) {
    await all.getByRole('button', { name: 'Done' }).click();
    await page.setViewportSize({ width: 375, height: 812 });
    await shoot(page, 'waitlist-375');
  }
});

test('staff check a party in by name search on a 375 px phone; the pass is on the guest page', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const host = `Grace Kelly ${stamp}`;
  const eventId = await createEvent(request, `Door Evening ${stamp}`, startingSoon());
  const invitation = await request.post('/api/admin/invitations', {
    headers: { authorization: AUTH },
    data: { eventId, recipientName: host, recipientEmail: `grace.${stamp}@example.com`, maxGuests: 3 },
  });
  expect(invitation.ok()).toBeTruthy();
  const code = (await invitation.json()).data.invitationCode as string;
  const answer = await request.post(`/api/invitations/${code}/rsvp`, {
    data: {
      status: 'attending',
      guestCount: 3,
      guestNames: ['Rainier Grimaldi', 'Cary Grant'],
      dietaryRestrictions: 'No shellfish',
      specialRequests: '',
    },
  });
  expect(answer.ok()).toBeTruthy();

  // The guest's page shows the QR pass.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/invitation/${code}`);
  const pass = page.getByRole('img', { name: `Door pass for ${host}` });
  await expect(pass).toBeVisible();
  await expect(page.getByText('Present this code at the door. It admits your party of 3 guests.')).toBeVisible();
  await pass.scrollIntoViewIfNeeded();
  await shoot(page, 'guest-pass-375');
  if (SHOTS) {
    await page.setViewportSize({ width: 1440, height: 900 });
    await shoot(page, 'guest-pass-1440');
    await page.setViewportSize({ width: 375, height: 812 });
  }

  await page.goto(`/admin/check-in?event=${eventId}`);
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'The Door' })).toBeVisible();
  await expect(page.getByTestId('arrived-guests')).toHaveText('0');
  await page.getByLabel('Search by guest name').fill('Grimaldi');
  await page.getByRole('button', { name: new RegExp(host) }).click();
  const party = page.getByRole('article', { name: `Party of ${host}` });
  await expect(party.getByText(`${host}, Rainier Grimaldi, Cary Grant`)).toBeVisible();
  await expect(party.getByText('No shellfish')).toBeVisible();
  await shoot(page, 'check-in-party-375');
  await party.getByRole('button', { name: 'Check in all 3' }).click();
  await expect(page.getByText(`Welcome, ${host}: 3 guests checked in.`)).toBeVisible();
  await expect(page.getByTestId('arrived-guests')).toHaveText('3');
  await expect(page.getByText('1 of 1')).toBeVisible();
  // No sideways scrolling on the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shoot(page, 'check-in-done-375');

  // Found again: already checked in, with the time; nothing to check in twice.
  await page.getByRole('button', { name: 'Next guest' }).click();
  await page.getByLabel('Search by guest name').fill('Kelly');
  await page.getByRole('button', { name: new RegExp(host) }).click();
  await expect(
    page.getByRole('article', { name: `Party of ${host}` }).getByText(/Already checked in at \d\d:\d\d/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /Check in all/ })).toHaveCount(0);
  if (SHOTS) {
    await page.setViewportSize({ width: 1440, height: 900 });
    await shoot(page, 'check-in-1440');
    await page.setViewportSize({ width: 375, height: 812 });
  }

  // The party came: the guest's page no longer offers to change the answer, and says why.
  await page.goto(`/invitation/${code}`);
  await expect(page.getByText(/^Your party has been checked in at the door/)).toBeVisible();
  await expect(page.getByRole('button', { name: /RSVP/ })).toHaveCount(0);
});
