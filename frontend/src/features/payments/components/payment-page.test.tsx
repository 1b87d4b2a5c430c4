import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json, type RecordedRequest } from '../../../testing/fake-server';
import { renderRoute } from '../../../testing/render';

const CODE = 'abc123';
const RSVP = '11111111-2222-4333-8444-555555555555';
const PATH = `/invitations/${CODE}/payment/${RSVP}`;

const invitation = (ticketPrice = 250, currency = 'EUR', status = 'pending') => ({
  data: {
    event: {
      id: 1,
      name: 'The Riviera Launch',
      date: '2026-12-12',
      startTime: '19:00',
      endTime: '23:00',
      time: '19:00 – 23:00 CET',
      timeZone: 'Europe/Monaco',
      ticketPrice,
      currency,
    },
    rsvp: { id: RSVP, status, guestCount: 2 },
  },
});

function server(overrides: Record<string, (request: RecordedRequest) => Response> = {}) {
  return fakeServer({
    'GET /api/config/public': () => json({ success: true, data: { paymentsMode: 'test', stripePublishableKey: null } }),
    [`GET /api/invitations/${CODE}`]: () => json(invitation()),
    [`POST /api/rsvp/${RSVP}/payment`]: () =>
      json({ data: { payment: { id: 'pay-1', amount: 500, currency: 'EUR' }, clientSecret: 'pi_test_1_secret_x' } }),
    'POST /api/test-payments/intents/pi_test_1/confirm': () =>
      json({
        success: true,
        data: { paymentIntent: { id: 'pi_test_1', status: 'succeeded', paymentMethodType: 'card' } },
      }),
    'POST /api/payments/pay-1/confirm': () =>
      json({ success: true, data: { payment: { id: 'pay-1', status: 'succeeded' } } }),
    ...overrides,
  });
}

async function fillCard(number: string) {
  fireEvent.change(await screen.findByLabelText('Card number'), { target: { value: number } });
  fireEvent.change(screen.getByLabelText('Expiry'), { target: { value: '1234' } });
  fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '123' } });
  fireEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
}

// Lazy route chunks and antd make the first render slow on a busy machine.
describe('guest payment page', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the event, the server's Ticket Fee and the labelled test card form; sends the page's amount", async () => {
    const api = server();
    renderRoute(PATH);
    expect(await screen.findByRole('heading', { name: 'Complete Your Reservation' })).toBeInTheDocument();
    expect(await screen.findByText('The Riviera Launch')).toBeInTheDocument();
    expect(screen.getByText(/Saturday, December 12, 2026/)).toBeInTheDocument();
    expect(screen.getByText('19:00 – 23:00 CET')).toBeInTheDocument();
    expect(screen.getByText('Ticket Fee')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('ticket-fee')).toHaveTextContent('EUR 500.00'));
    expect(await screen.findByText(/No real card is charged/)).toBeInTheDocument();
    // Labelled once, not twice.
    expect(screen.getAllByText(/Test payments/i)).toHaveLength(1);
    expect(api.callsTo(`POST /api/rsvp/${RSVP}/payment`)[0].body).toEqual({ amount: 500 });
  });

  it('formats the card and goes to the thank-you page after the server confirms', async () => {
    const api = server();
    const { router } = renderRoute(PATH);
    await fillCard('4242424242424242');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/invitations/${CODE}/thank-you`));
    expect(api.callsTo('POST /api/test-payments/intents/pi_test_1/confirm')[0].body).toMatchObject({
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 34',
      cvc: '123',
    });
    expect(api.callsTo('POST /api/payments/pay-1/confirm')[0].body).toEqual({
      paymentIntentId: 'pi_test_1',
      paymentMethodType: 'card',
    });
    expect(await screen.findByText('Payment successful!')).toBeInTheDocument();
  });

  it("keeps the provider's message on the card for a declined card, with the 'Payment failed' toast", async () => {
    const api = server({
      'POST /api/test-payments/intents/pi_test_1/confirm': () =>
        json({ success: false, error: 'Your card was declined.', code: 'card_declined' }, 402),
    });
    renderRoute(PATH);
    await fillCard('4000000000000002');
    expect(await within(screen.getByRole('form', { name: 'Test card payment' })).findByRole('alert')).toHaveTextContent(
      'Your card was declined.',
    );
    expect(await screen.findByText('Payment failed')).toBeInTheDocument();
    expect(api.callsTo('POST /api/payments/pay-1/confirm')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
    // The message stays while the guest corrects the card; only paying again clears it.
    const problem = within(screen.getByRole('form', { name: 'Test card payment' })).getByRole('alert');
    expect(problem).toHaveTextContent('Your payment did not go through');
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242424242424242' } });
    expect(problem).toBeInTheDocument();
    expect(problem).toHaveTextContent('Your card was declined.');
  });

  it("says 'Failed to confirm payment with server' when our confirm call fails", async () => {
    server({
      'POST /api/payments/pay-1/confirm': () =>
        json({ success: false, error: 'The payment has not succeeded yet' }, 409),
    });
    renderRoute(PATH);
    await fillCard('4242424242424242');
    expect(await within(screen.getByRole('form', { name: 'Test card payment' })).findByRole('alert')).toHaveTextContent(
      'Failed to confirm payment with server',
    );
  });

  it("says 'Failed to create payment' with the 'Payment Error' toast", async () => {
    server({
      [`POST /api/rsvp/${RSVP}/payment`]: () => json({ success: false, error: 'This event is at capacity' }, 409),
    });
    renderRoute(PATH);
    expect(await screen.findByText('Payment Error')).toBeInTheDocument();
    expect((await screen.findAllByText('Failed to create payment')).length).toBeGreaterThan(0);
    expect(screen.getByText('This event is at capacity')).toBeInTheDocument();
  });

  it('shows the error panel with Try Again when the invitation cannot be loaded', async () => {
    let fail = true;
    server({
      [`GET /api/invitations/${CODE}`]: () =>
        fail ? json({ success: false, error: 'Invitation not found' }, 404) : json(invitation()),
    });
    renderRoute(PATH);
    expect(await screen.findByRole('heading', { name: 'Error' })).toBeInTheDocument();
    expect(screen.getByText("We couldn't find your invitation or there was an error loading it.")).toBeInTheDocument();
    expect(await screen.findByText('Failed to load invitation details')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Complete Your Reservation' })).toBeInTheDocument();
  });

  it('goes straight to the thank-you page when the event is free, creating no payment', async () => {
    const api = server({ [`GET /api/invitations/${CODE}`]: () => json(invitation(0)) });
    const { router } = renderRoute(PATH);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/invitations/${CODE}/thank-you`));
    expect(api.callsTo(`POST /api/rsvp/${RSVP}/payment`)).toHaveLength(0);
  });

  it("uses Stripe's form when the server takes payments with Stripe, and says when Stripe is not ready yet", async () => {
    const api = server({
      'GET /api/config/public': () =>
        json({ success: true, data: { paymentsMode: 'stripe', stripePublishableKey: 'pk_test_from_server' } }),
    });
    renderRoute(PATH);
    // Stripe.js cannot load here (no network), exactly the moment the spec's message is for.
    fireEvent.click(await screen.findByRole('button', { name: 'Pay Now' }));
    expect(await within(screen.getByRole('form', { name: 'Card payment' })).findByRole('alert')).toHaveTextContent(
      'Stripe has not initialized yet. Please try again in a moment.',
    );
    expect(screen.queryByText(/No real card is charged/)).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/payments/pay-1/confirm')).toHaveLength(0);
  });

  it('charges the new fee after the guest goes back and changes the number of guests', async () => {
    // The guest's answer as the server has it: 1 guest first.
    let guestCount = 1;
    const view = () => ({
      data: {
        event: {
          id: 1,
          name: 'The Riviera Launch',
          description: 'An evening on the terrace.',
          eventType: 'gala',
          date: '2026-12-12',
          startTime: '19:00',
          endTime: '23:00',
          time: '19:00 - 23:00',
          location: 'Hôtel de Paris',
          address: 'Place du Casino, Monte-Carlo',
          city: 'Monte-Carlo',
          state: 'Monaco',
          country: 'Monaco',
          ticketPrice: 250,
          currency: 'EUR',
          dresscode: null,
          imageUrl: null,
          organizer: 'Maison Fortuna',
          status: 'published',
        },
        invitation: { recipientName: 'Grace Kelly', maxGuests: 2, status: 'sent', specialNotes: null },
        rsvp: {
          id: RSVP,
          status: 'pending',
          guestCount,
          guestNames: [],
          dietaryRestrictions: null,
          specialRequests: null,
          respondedAt: '2026-11-22T10:00:00Z',
          holdExpiresAt: '2099-01-01T00:00:00Z',
        },
        pass: null,
        changes: {
          deadline: '2026-12-10T19:00:00.000Z',
          open: true,
          host: { name: 'Maison Fortuna', contact: 'events@maisonfortuna.local' },
        },
      },
    });
    const api = server({
      [`GET /api/invitations/${CODE}`]: () => json(view()),
      [`POST /api/invitations/${CODE}/rsvp`]: (request) => {
        guestCount = (request.body as { guestCount: number }).guestCount;
        return json({ data: { rsvp: view().data.rsvp, next: 'payment' } });
      },
      [`POST /api/rsvp/${RSVP}/payment`]: (request) => {
        const amount = (request.body as { amount: number }).amount;
        if (amount !== 250 * guestCount) return json({ success: false, error: 'The amount does not match' }, 409);
        return json({
          data: { payment: { id: 'pay-1', amount, currency: 'EUR' }, clientSecret: 'pi_test_1_secret_x' },
        });
      },
    });
    const { router } = renderRoute(PATH);
    await waitFor(() => expect(screen.getByTestId('ticket-fee')).toHaveTextContent('EUR 250.00'));

    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/invitation/${CODE}`));
    await user.click((await screen.findByRole('radio', { name: '2' })).closest('label')!);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(PATH));
    await waitFor(() => expect(screen.getByTestId('ticket-fee')).toHaveTextContent('EUR 500.00'));
    expect(screen.getByText(/2 Guests/)).toBeInTheDocument();
    const payments = api.callsTo(`POST /api/rsvp/${RSVP}/payment`).map((call) => call.body);
    expect(payments).toEqual([{ amount: 250 }, { amount: 500 }]);
    expect(screen.queryByText('Failed to create payment')).not.toBeInTheDocument();
  });

  it('Cancel returns to the invitation', async () => {
    server();
    const { router } = renderRoute(PATH);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/invitation/${CODE}`));
  });
});
