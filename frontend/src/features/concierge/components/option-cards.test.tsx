import { vi } from 'vitest';

vi.setConfig({ testTimeout: 60_000 });
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import type { MemberRequest } from '../api/threads';
import { OptionCards } from './option-cards';

const BENETTI = {
  id: 'o1',
  title: 'Benetti Oasis 40M, two days',
  price: 48000,
  currency: 'EUR',
  description: 'Four cabins and a crew of nine.',
  cancellationTerms: 'Refunded in full until seven days before the race.',
  validUntil: '2099-01-01T18:00:00.000Z',
  supplierToConfirm: false,
};
const SUNSEEKER = {
  id: 'o2',
  title: 'Sunseeker 30M, two days',
  price: 32000,
  currency: 'EUR',
  supplierToConfirm: true,
};
const attachment = { type: 'options' as const, requestId: 'r1', options: [BENETTI, SUNSEEKER] };
const request = { id: 'r1', status: 'options_proposed', acceptedOptionId: null } as unknown as MemberRequest;
const ME = { id: 'm1', name: 'Grace Kelly', email: 'grace@example.com', tier: 'patron', passkeys: [] };
const VISA = {
  id: 'c1',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
  createdAt: '2026-11-27T10:00:00.000Z',
};

function server(pay: () => Response, cards = [VISA]) {
  return fakeServer({
    'GET /api/members/me': () => json(ME),
    'GET /api/members/me/cards': () => json({ data: cards }),
    'GET /api/members/me/bookings': () => json({ data: [] }),
    'GET /api/config/public': () => json({ data: { paymentsMode: 'test', stripePublishableKey: null } }),
    'POST /api/members/me/requests/r1/options/o1/pay': pay,
  });
}

const state = (status: string, extra: Record<string, unknown> = {}) =>
  json({
    data: { paymentId: 'p1', status, clientSecret: null, amount: 4_800_000, currency: 'EUR', card: null, ...extra },
  });

describe('option cards', () => {
  it('shows each option’s price, description, terms and validity, and the card Accept charges', async () => {
    server(() => state('succeeded'));
    renderWithProviders(<OptionCards attachment={attachment} request={request} onAccept={async () => {}} />);
    const benetti = await screen.findByRole('listitem', { name: BENETTI.title });
    expect(benetti).toHaveTextContent('EUR 48,000.00');
    expect(benetti).toHaveTextContent('Four cabins and a crew of nine.');
    expect(benetti).toHaveTextContent('Refunded in full until seven days before the race.');
    expect(benetti).toHaveTextContent(/Valid until/);
    expect(await within(benetti).findByText('Visa ending 4242')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: SUNSEEKER.title })).toHaveTextContent(
      /Held on your card until the supplier confirms/,
    );
  });

  it('pays in one tap and waits for the confirmation; a member never accepts unpaid', async () => {
    const calls = server(() => state('succeeded'));
    const onAccept = vi.fn(async () => {});
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<OptionCards attachment={attachment} request={request} onAccept={onAccept} />);
    const benetti = await screen.findByRole('listitem', { name: BENETTI.title });
    await within(benetti).findByText('Visa ending 4242');
    await user.click(within(benetti).getByRole('button', { name: `Accept ${BENETTI.title}` }));
    expect(await within(benetti).findByText(/Paid · confirming your booking/)).toBeInTheDocument();
    expect(calls.callsTo('POST /api/members/me/requests/r1/options/o1/pay')).toHaveLength(1);
    // The amount is never sent: the server takes it from the option.
    expect(calls.callsTo('POST /api/members/me/requests/r1/options/o1/pay')[0].body).toBeUndefined();
    expect(onAccept).not.toHaveBeenCalled();
  });

  it('asks the bank in place when the card needs 3-D Secure, and opens the card form without a card', async () => {
    server(() => state('requires_action', { clientSecret: 'pi_1_secret_x' }));
    const user = userEvent.setup({ delay: null });
    const { unmount } = renderWithProviders(
      <OptionCards attachment={attachment} request={request} onAccept={async () => {}} />,
    );
    const benetti = await screen.findByRole('listitem', { name: BENETTI.title });
    await within(benetti).findByText('Visa ending 4242');
    await user.click(within(benetti).getByRole('button', { name: `Accept ${BENETTI.title}` }));
    expect(await within(benetti).findByRole('group', { name: 'Confirm with your bank' })).toBeInTheDocument();
    unmount();

    server(() => state('requires_payment_method', { clientSecret: 'pi_2_secret_y' }), []);
    renderWithProviders(<OptionCards attachment={attachment} request={request} onAccept={async () => {}} />);
    const again = await screen.findByRole('listitem', { name: BENETTI.title });
    await within(again).findByText('Pay by card');
    await user.click(within(again).getByRole('button', { name: `Accept ${BENETTI.title}` }));
    const form = await within(again).findByRole('form', { name: 'Card details' });
    expect(within(form).getByRole('button', { name: 'Pay EUR 48,000.00' })).toBeInTheDocument();
  });

  it('reads Confirmed once the request is confirmed with this option', async () => {
    server(() => state('succeeded'));
    const confirmed = { ...request, status: 'confirmed', acceptedOptionId: 'o1' } as unknown as MemberRequest;
    renderWithProviders(<OptionCards attachment={attachment} request={confirmed} onAccept={async () => {}} />);
    const benetti = await screen.findByRole('listitem', { name: BENETTI.title });
    expect(await within(benetti).findByText('Confirmed')).toBeInTheDocument();
    expect(within(benetti).queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument();
  });

  it('accepts as before in a house-password session (no member, nothing paid)', async () => {
    const calls = fakeServer({
      'GET /api/members/me': () =>
        json({ success: false, error: 'Please sign in to continue.', code: 'MEMBER_SIGNED_OUT' }, 401),
    });
    const onAccept = vi.fn(async () => {});
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<OptionCards attachment={attachment} request={request} onAccept={onAccept} />);
    const benetti = await screen.findByRole('listitem', { name: BENETTI.title });
    await user.click(within(benetti).getByRole('button', { name: `Accept ${BENETTI.title}` }));
    expect(onAccept).toHaveBeenCalledWith('r1', 'o1');
    expect(calls.callsTo('POST /api/members/me/requests/r1/options/o1/pay')).toHaveLength(0);
  });
});
