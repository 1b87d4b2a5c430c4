import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

// Ant Design forms are slow under jsdom; these walk through whole pages.
vi.setConfig({ testTimeout: 30_000 });

import { fakeServer, json } from '../../../testing/fake-server';
import { renderRoute } from '../../../testing/render';

const OPEN = {
  // 19:00 in Monaco, the venue's zone.
  deadline: '2026-12-10T18:00:00.000Z',
  open: true,
  checkedIn: false,
  refusal: null as string | null,
  host: { name: 'Maison Fortuna', contact: 'events@maisonfortuna.local' },
};

const view = (changes: { ticketPrice?: number; rsvp?: unknown; maxGuests?: number; changes?: typeof OPEN } = {}) => ({
  data: {
    event: {
      id: 1,
      name: 'The Riviera Launch',
      description: 'An evening on the terrace.',
      eventType: 'launch_party',
      date: '2026-12-12',
      startTime: '19:00',
      endTime: '23:00',
      timeZone: 'Europe/Monaco',
      time: '19:00 - 23:00 CET',
      location: 'Hôtel de Paris',
      address: 'Place du Casino, Monte-Carlo, Monaco 98000, Monaco',
      city: 'Monte-Carlo',
      state: 'Monaco',
      country: 'Monaco',
      ticketPrice: changes.ticketPrice ?? 0,
      currency: 'EUR',
      dresscode: 'Black tie',
      imageUrl: null,
      organizer: 'Maison Fortuna',
      status: 'published',
    },
    invitation: { recipientName: 'Grace Kelly', maxGuests: changes.maxGuests ?? 3, status: 'sent', specialNotes: null },
    rsvp: changes.rsvp ?? null,
    pass: null,
    changes: changes.changes ?? OPEN,
  },
});

const rsvp = {
  id: '8d3f0d7e-1c1a-4c53-9a51-1c1b6d3c7a10',
  status: 'attending',
  guestCount: 2,
  guestNames: [],
  dietaryRestrictions: null,
  specialRequests: null,
  respondedAt: '2026-11-22T10:00:00Z',
  holdExpiresAt: null,
};

describe('the guest invitation page', () => {
  it('shows the event and sends the RSVP with the guests, then the thank-you page', async () => {
    const server = fakeServer({
      'GET /api/invitations/abc': () => json(view()),
      'POST /api/invitations/abc/rsvp': () => json({ data: { rsvp, next: 'thank-you' } }),
    });
    const { router } = renderRoute('/invitation/abc');
    expect(await screen.findByRole('heading', { name: 'The Riviera Launch' })).toBeInTheDocument();
    expect(screen.getByText('Dear Grace Kelly,')).toBeInTheDocument();
    expect(screen.getByText('Saturday, December 12, 2026')).toBeInTheDocument();
    expect(screen.getByText('Black tie')).toBeInTheDocument();
    expect(screen.getByText('Up to 3 Guests')).toBeInTheDocument();

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByText('Joyfully Accept'));
    await user.click((await screen.findByRole('radio', { name: '2' })).closest('label')!);
    await user.type(await screen.findByLabelText('Guest 2 name'), 'Prince Rainier');
    await user.type(screen.getByLabelText('Dietary restrictions'), 'No shellfish');
    await user.click(screen.getByRole('button', { name: 'Send RSVP' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/invitations/abc/thank-you'));
    expect(server.callsTo('POST /api/invitations/abc/rsvp')[0].body).toEqual({
      status: 'attending',
      guestCount: 2,
      guestNames: ['Grace Kelly', 'Prince Rainier'],
      dietaryRestrictions: 'No shellfish',
      specialRequests: '',
    });
  });

  it('keeps every saved guest name when the guest comes back to change the answer', async () => {
    const saved = { ...rsvp, guestCount: 3, guestNames: ['Grace Kelly', 'Prince Rainier', 'Cary Grant'] };
    fakeServer({ 'GET /api/invitations/abc': () => json(view({ rsvp: saved })) });
    renderRoute('/invitation/abc');
    expect(await screen.findByLabelText('Guest 3 name')).toHaveValue('Cary Grant');
    expect(screen.getByLabelText('Guest 2 name')).toHaveValue('Prince Rainier');
    expect(screen.getByLabelText('Guest 1 name')).toHaveValue('Grace Kelly');
  });

  it('shows the answer and the deadline, and sends a change as an update', async () => {
    const server = fakeServer({
      'GET /api/invitations/abc': () => json(view({ rsvp })),
      'POST /api/invitations/abc/rsvp': () => json({ data: { rsvp: { ...rsvp, guestCount: 1 }, next: 'thank-you' } }),
    });
    const { router } = renderRoute('/invitation/abc');
    expect(await screen.findByTestId('current-answer')).toHaveTextContent('You are attending with 2 guests.');
    expect(
      screen.getByText(/You may change your answer until Thursday, December 10, 2026 at 19:00 CET/),
    ).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click((await screen.findByRole('radio', { name: '1' })).closest('label')!);
    await user.click(screen.getByRole('button', { name: 'Update RSVP' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invitations/abc/thank-you'));
    expect(server.callsTo('POST /api/invitations/abc/rsvp')[0].body).toMatchObject({
      status: 'attending',
      guestCount: 1,
    });
  });

  it('after the deadline, says how to reach the host instead of offering the form', async () => {
    fakeServer({
      'GET /api/invitations/abc': () => json(view({ rsvp, changes: { ...OPEN, open: false } })),
    });
    renderRoute('/invitation/abc');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The RSVP deadline passed on Thursday, December 10, 2026 at 19:00 CET. To change your answer, please contact Maison Fortuna at events@maisonfortuna.local.',
    );
    expect(screen.getByRole('link', { name: 'events@maisonfortuna.local' })).toHaveAttribute(
      'href',
      'mailto:events@maisonfortuna.local',
    );
    expect(screen.queryByRole('button', { name: /RSVP/ })).not.toBeInTheDocument();
  });

  it('once the party is checked in, says so in the server’s words instead of offering the form', async () => {
    const refusal =
      'Your party has been checked in at the door, so your answer can no longer be changed here. ' +
      'To change it, please contact Maison Fortuna at events@maisonfortuna.local.';
    fakeServer({
      'GET /api/invitations/abc': () =>
        json(view({ rsvp, ticketPrice: 200, changes: { ...OPEN, open: false, checkedIn: true, refusal } })),
    });
    renderRoute('/invitation/abc');
    expect(await screen.findByRole('status')).toHaveTextContent(refusal);
    expect(screen.getByTestId('current-answer')).toHaveTextContent('You are attending with 2 guests.');
    expect(screen.queryByRole('button', { name: /RSVP/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/refunded the difference/)).not.toBeInTheDocument();
    expect(screen.queryByText(/The RSVP deadline passed/)).not.toBeInTheDocument();
  });

  it('shows the server’s refusal when the party was checked in while the page was open', async () => {
    const refusal = 'Your party has been checked in at the door, so your answer can no longer be changed here.';
    fakeServer({
      'GET /api/invitations/abc': () => json(view({ rsvp })),
      'POST /api/invitations/abc/rsvp': () => json({ success: false, error: refusal }, 409),
    });
    renderRoute('/invitation/abc');
    const user = userEvent.setup({ delay: null });
    await user.click((await screen.findByRole('radio', { name: '1' })).closest('label')!);
    await user.click(screen.getByRole('button', { name: 'Update RSVP' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });

  it('goes to the payment page when the event has a ticket price', async () => {
    fakeServer({
      'GET /api/invitations/abc': () => json(view({ ticketPrice: 250 })),
      'POST /api/invitations/abc/rsvp': () => json({ data: { rsvp: { ...rsvp, status: 'pending' }, next: 'payment' } }),
    });
    const { router } = renderRoute('/invitation/abc');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByText('Joyfully Accept'));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/invitations/abc/payment/${rsvp.id}`));
  });

  it("shows the server's message when the event is full, and offers the waiting list", async () => {
    fakeServer({
      'GET /api/invitations/abc': () => json(view()),
      'POST /api/invitations/abc/rsvp': () =>
        json({ success: false, error: 'This event is at capacity', code: 'EVENT_AT_CAPACITY' }, 409),
    });
    renderRoute('/invitation/abc');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByText('Joyfully Accept'));
    await user.click(screen.getByRole('button', { name: 'Send RSVP' }));
    expect(await screen.findByText('This event is at capacity')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join the Waiting List' })).toBeInTheDocument();
  });

  it('offers the waiting list on the code EVENT_AT_CAPACITY, whatever the words of the message', async () => {
    fakeServer({
      'GET /api/invitations/abc': () => json(view()),
      'POST /api/invitations/abc/rsvp': () =>
        json({ success: false, error: 'Every seat has been taken', code: 'EVENT_AT_CAPACITY' }, 409),
    });
    renderRoute('/invitation/abc');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByText('Joyfully Accept'));
    await user.click(screen.getByRole('button', { name: 'Send RSVP' }));
    expect(await screen.findByText('Every seat has been taken')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join the Waiting List' })).toBeInTheDocument();
  });

  it('does not offer the waiting list for another conflict, even one worded like a full event', async () => {
    fakeServer({
      'GET /api/invitations/abc': () => json(view()),
      'POST /api/invitations/abc/rsvp': () =>
        json({ success: false, error: 'This event is at capacity', code: 'CONFLICT' }, 409),
    });
    renderRoute('/invitation/abc');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByText('Joyfully Accept'));
    await user.click(screen.getByRole('button', { name: 'Send RSVP' }));
    expect(await screen.findByText('This event is at capacity')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join the Waiting List' })).not.toBeInTheDocument();
  });

  it('says plainly when no invitation has the code, and where to turn', async () => {
    fakeServer({
      'GET /api/invitations/nope': () =>
        json({ success: false, error: 'Invitation not found', code: 'NOT_FOUND' }, 404),
    });
    renderRoute('/invitation/nope');
    expect(await screen.findByRole('heading', { name: 'We cannot find this invitation' })).toBeInTheDocument();
    expect(screen.getByText(/reply to the email that brought your invitation/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Visit Maison Fortuna' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('heading', { name: 'Error' })).not.toBeInTheDocument();
  });

  it("shows the spec's error panel with Try Again when the invitation cannot be loaded", async () => {
    fakeServer({ 'GET /api/invitations/abc': () => json({ success: false, error: 'Unavailable' }, 503) });
    renderRoute('/invitation/abc');
    expect(await screen.findByRole('heading', { name: 'Error' })).toBeInTheDocument();
    expect(screen.getByText("We couldn't find your invitation or there was an error loading it.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.getByText(/reply to the email that brought your invitation/)).toBeInTheDocument();
  });

  it('shows an attending guest the pass first, and the form only when asked', async () => {
    fakeServer({
      'GET /api/invitations/abc': () =>
        json({ data: { ...view({ rsvp }).data, pass: { svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' } } }),
    });
    renderRoute('/invitation/abc');
    const pass = await screen.findByRole('heading', { name: 'Your Pass' });
    const card = screen.getByRole('heading', { name: 'The Riviera Launch' });
    // The pass comes before the card in the page's order, so first on screen.
    expect(pass.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Door pass for Grace Kelly' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update RSVP' })).not.toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Change Your Answer' }));
    expect(await screen.findByRole('button', { name: 'Update RSVP' })).toBeInTheDocument();
  });
});

describe('the thank-you page', () => {
  it('confirms the RSVP with the date, place and guest count', async () => {
    fakeServer({ 'GET /api/invitations/abc': () => json(view({ rsvp })) });
    renderRoute('/invitations/abc/thank-you');
    expect(await screen.findByRole('heading', { name: 'Thank You!' })).toBeInTheDocument();
    expect(screen.getByText('Your RSVP has been confirmed for The Riviera Launch')).toBeInTheDocument();
    expect(screen.getByText('2 Guests')).toBeInTheDocument();
    expect(screen.getByText('Hôtel de Paris', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Place du Casino, Monte-Carlo, Monaco 98000, Monaco')).toBeInTheDocument();
    expect(screen.getByText(/event details have been sent to your email/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Return to Home' })).toBeInTheDocument();
  });

  it("says '1 Guest' for one guest and shows the error panel when loading fails", async () => {
    fakeServer({ 'GET /api/invitations/abc': () => json(view({ rsvp: { ...rsvp, guestCount: 1 } })) });
    renderRoute('/invitations/abc/thank-you');
    expect(await screen.findByText('1 Guest')).toBeInTheDocument();
  });

  const pending = { ...rsvp, status: 'pending', holdExpiresAt: '2099-01-01T00:00:00Z' };
  const paymentStatus = (payment: unknown) => () => json({ data: { payment } });

  it('waits for a payment still on its way, then confirms once the server has it', async () => {
    let landed = false;
    const server = fakeServer({
      'GET /api/invitations/abc': () => json(view({ ticketPrice: 250, rsvp: landed ? rsvp : pending })),
      [`GET /api/rsvp/${rsvp.id}/payment`]: () =>
        json({
          data: {
            payment: {
              id: 'pay-1',
              status: landed ? 'succeeded' : 'pending',
              refundPending: false,
              failureMessage: null,
            },
          },
        }),
    });
    renderRoute('/invitations/abc/thank-you');
    expect(await screen.findByRole('heading', { name: 'Confirming Your Reservation' })).toBeInTheDocument();
    expect(screen.getByText('We are confirming your payment for The Riviera Launch.')).toBeInTheDocument();
    expect(screen.queryByText(/has been confirmed/)).not.toBeInTheDocument();
    expect(screen.queryByText(/have been sent to your email/)).not.toBeInTheDocument();

    landed = true;
    expect(await screen.findByRole('heading', { name: 'Thank You!' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('Your RSVP has been confirmed for The Riviera Launch')).toBeInTheDocument();
    expect(screen.getByText(/event details have been sent to your email/)).toBeInTheDocument();
    expect(server.callsTo('GET /api/invitations/abc').length).toBeGreaterThan(1);
  });

  it('offers to complete the payment when none was made, and never says confirmed', async () => {
    fakeServer({
      'GET /api/invitations/abc': () => json(view({ ticketPrice: 250, rsvp: pending })),
      [`GET /api/rsvp/${rsvp.id}/payment`]: paymentStatus(null),
    });
    const { router } = renderRoute('/invitations/abc/thank-you');
    expect(await screen.findByRole('heading', { name: 'Complete Your Reservation' })).toBeInTheDocument();
    expect(screen.queryByText(/has been confirmed/)).not.toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Complete Payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/invitations/abc/payment/${rsvp.id}`));
  });

  it("says when the payment did not go through, with the provider's reason", async () => {
    fakeServer({
      'GET /api/invitations/abc': () => json(view({ ticketPrice: 250, rsvp: pending })),
      [`GET /api/rsvp/${rsvp.id}/payment`]: paymentStatus({
        id: 'pay-1',
        status: 'failed',
        refundPending: false,
        failureMessage: 'Your card was declined.',
      }),
    });
    renderRoute('/invitations/abc/thank-you');
    expect(await screen.findByRole('heading', { name: 'Your Payment Did Not Go Through' })).toBeInTheDocument();
    expect(screen.getByText('Your card was declined.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('says the payment is being refunded when the reservation could not be confirmed', async () => {
    fakeServer({
      'GET /api/invitations/abc': () => json(view({ ticketPrice: 250, rsvp: { ...pending, holdExpiresAt: null } })),
      [`GET /api/rsvp/${rsvp.id}/payment`]: paymentStatus({
        id: 'pay-1',
        status: 'succeeded',
        refundPending: true,
        failureMessage: null,
      }),
    });
    renderRoute('/invitations/abc/thank-you');
    expect(
      await screen.findByText('Your payment for The Riviera Launch is being refunded in full.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/has been confirmed/)).not.toBeInTheDocument();
  });

  it('asks for an answer when there is no RSVP yet, and takes a decline for what it is', async () => {
    fakeServer({ 'GET /api/invitations/abc': () => json(view()) });
    renderRoute('/invitations/abc/thank-you');
    expect(await screen.findByText('We have not yet received your RSVP for The Riviera Launch.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Respond to Your Invitation' })).toBeInTheDocument();
    expect(screen.queryByText(/has been confirmed/)).not.toBeInTheDocument();
  });

  it('thanks a guest who declined without confirming anything', async () => {
    fakeServer({
      'GET /api/invitations/abc': () => json(view({ rsvp: { ...rsvp, status: 'not_attending', guestCount: 0 } })),
    });
    renderRoute('/invitations/abc/thank-you');
    expect(await screen.findByText('We are sorry you cannot join us for The Riviera Launch.')).toBeInTheDocument();
    expect(screen.queryByText(/has been confirmed/)).not.toBeInTheDocument();
    expect(screen.queryByText(/sent to your email/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Return to Home' })).toBeInTheDocument();
  });
});

describe('the invitation card', () => {
  it("shows the host's note as a note to the guest, and the price with the currency's decimals", async () => {
    fakeServer({
      'GET /api/invitations/abc': () =>
        json({
          data: {
            ...view({ ticketPrice: 12000 }).data,
            event: { ...view().data.event, ticketPrice: 12000, currency: 'JPY' },
            invitation: {
              recipientName: 'Grace Kelly',
              maxGuests: 1,
              status: 'sent',
              specialNotes: 'Valet at the north entrance',
            },
          },
        }),
    });
    renderRoute('/invitation/abc');
    expect(await screen.findByText('A note from your host')).toBeInTheDocument();
    expect(screen.getByText('Valet at the north entrance')).toBeInTheDocument();
    expect(screen.getByText('JPY 12,000')).toBeInTheDocument();
    expect(screen.getByText('per guest')).toBeInTheDocument();
  });
});
