import { expect, test } from '@playwright/test';
import { AUTH, createEvent } from './support/admin';

// The vendor application and a guest's pages arrive as HTML rendered by the api: a visitor
// without JavaScript (or on a slow phone, before the scripts arrive) reads them and sees their forms.
test.use({ javaScriptEnabled: false });

test('without JavaScript, /vendor-apply shows its heading, every field, the categories and the terms', async ({
  page,
}) => {
  await page.goto('/vendor-apply');
  await expect(page.getByRole('heading', { level: 1, name: 'Become a Vendor Partner' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Vendor application' });
  for (const label of [
    'Business Name',
    'Contact Person',
    'Email Address',
    'Phone Number',
    'Website URL (optional)',
    'Business Description',
    'Street Address',
    'City',
    'State',
    'ZIP Code',
  ]) {
    await expect(form.getByLabel(label, { exact: true })).toBeVisible();
  }
  for (const category of ['Restaurant', 'Hotel', 'Event Space', 'Other']) {
    await expect(form.getByRole('checkbox', { name: category })).toBeVisible();
  }
  await expect(form.getByRole('checkbox', { name: 'I agree to the terms and conditions' })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Submit Application' })).toBeVisible();
});

test('without JavaScript, /invitation/{code} shows the event and the RSVP form', async ({ page, request }) => {
  const name = `Riviera Gala ${Date.now()}`;
  const eventId = await createEvent(request, name, {
    description: 'An evening on the terrace to open the season.',
    eventType: 'gala',
    date: '2038-06-12',
    capacity: 50,
    ticketPrice: 250,
  });
  const invitation = await request.post('/api/admin/invitations', {
    headers: { authorization: AUTH },
    data: { eventId, recipientName: 'Grace Kelly', recipientEmail: 'g@example.com' },
  });
  expect(invitation.ok()).toBeTruthy();
  const code = (await invitation.json()).data.invitationCode as string;

  await page.goto(`/invitation/${code}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Dear Grace Kelly,')).toBeVisible();
  await expect(page.getByText('Saturday, June 12, 2038')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Kindly Respond' })).toBeVisible();
  // Ant Design's button-like radios: the label shows, the input inside it is hidden.
  for (const answer of ['Joyfully Accept', 'Regretfully Decline']) {
    await expect(page.getByText(answer, { exact: true })).toBeVisible();
    await expect(page.getByRole('radio', { name: answer })).toBeAttached();
  }
  await expect(page.getByLabel('Special requests')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send RSVP' })).toBeVisible();
});

test('without JavaScript, the thank-you and payment pages show their card, and the shared link its picture', async ({
  page,
  request,
}) => {
  const name = `Harbour Dinner ${Date.now()}`;
  const eventId = await createEvent(request, name, { date: '2038-07-03', capacity: 50, ticketPrice: 250 });
  const invitation = await request.post('/api/admin/invitations', {
    headers: { authorization: AUTH },
    data: { eventId, recipientName: 'Cary Grant', recipientEmail: 'c@example.com', maxGuests: 2 },
  });
  const code = (await invitation.json()).data.invitationCode as string;
  const answer = await request.post(`/api/invitations/${code}/rsvp`, {
    data: {
      status: 'attending',
      guestCount: 1,
      guestNames: ['Cary Grant'],
      dietaryRestrictions: '',
      specialRequests: '',
    },
  });
  const rsvpId = (await answer.json()).data.rsvp.id as string;

  await page.goto(`/invitations/${code}/payment/${rsvpId}`);
  await expect(page.getByRole('heading', { name: 'Complete Your Reservation' })).toBeVisible();
  await expect(page.getByText(name)).toBeVisible();

  const freeEvent = await createEvent(request, `${name} (free)`, { date: '2038-07-04', capacity: 50, ticketPrice: 0 });
  const free = await request.post('/api/admin/invitations', {
    headers: { authorization: AUTH },
    data: { eventId: freeEvent, recipientName: 'Cary Grant', recipientEmail: 'c@example.com', maxGuests: 2 },
  });
  const freeCode = (await free.json()).data.invitationCode as string;
  await request.post(`/api/invitations/${freeCode}/rsvp`, {
    data: {
      status: 'attending',
      guestCount: 2,
      guestNames: ['Cary Grant', ''],
      dietaryRestrictions: '',
      specialRequests: '',
    },
  });
  await page.goto(`/invitations/${freeCode}/thank-you`);
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await expect(page.getByText('2 Guests')).toBeVisible();

  // What a messenger shows of the link: the club's invitation and its picture, not the guest.
  await page.goto(`/invitation/${code}`);
  await expect(page).toHaveTitle(/^An Invitation from /);
  const image = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(image).toMatch(/\/share-invitation\.png$/);
  expect((await request.get(new URL(image!).pathname)).headers()['content-type']).toBe('image/png');
  expect(await page.locator('head').innerHTML()).not.toContain('Cary Grant');
});

test('without JavaScript, an unknown invitation code is answered (its page renders in the browser)', async ({
  request,
}) => {
  const answer = await request.get('/invitation/no-such-invitation');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['cache-control']).toBe('private, no-store');
});
