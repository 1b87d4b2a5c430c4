import { vi } from 'vitest';

vi.setConfig({ testTimeout: 60_000 });
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import { PaymentCard } from './payment-card';

const VISA = {
  id: 'c1',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
  createdAt: '2026-11-27T10:00:00.000Z',
};

describe('Payment Card', () => {
  it('saves a card through the test gateway’s form, shows it as brand and last four, and removes it', async () => {
    let cards: (typeof VISA)[] = [];
    const calls = fakeServer({
      'GET /api/members/me/cards': () => json({ data: cards }),
      'GET /api/config/public': () => json({ data: { paymentsMode: 'test', stripePublishableKey: null } }),
      'POST /api/members/me/cards': () => json({ data: { setupIntentId: 'seti_1', clientSecret: 'seti_1_secret_z' } }),
      'POST /api/test-payments/setup-intents/seti_1/confirm': () =>
        json({ success: true, data: { setupIntent: { id: 'seti_1', status: 'succeeded' } } }),
      'POST /api/members/me/cards/confirm': () => {
        cards = [VISA];
        return json({ data: cards });
      },
      'DELETE /api/members/me/cards/c1': () => {
        cards = [];
        return json({ data: [] });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<PaymentCard />);
    expect(await screen.findByText(/No card saved/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Add a Card/ }));
    const form = await screen.findByRole('form', { name: 'Card details' });
    await user.type(within(form).getByLabelText('Card number'), '4242424242424242');
    await user.type(within(form).getByLabelText('Expiry'), '1230');
    await user.type(within(form).getByLabelText('CVC'), '123');
    await user.click(within(form).getByRole('button', { name: 'Save Card' }));
    expect(await screen.findByText(/Visa ending 4242/)).toBeInTheDocument();
    expect(screen.getByText(/Expires 12\/30/)).toBeInTheDocument();
    expect(calls.callsTo('POST /api/test-payments/setup-intents/seti_1/confirm')[0].body).toMatchObject({
      clientSecret: 'seti_1_secret_z',
      cardNumber: '4242 4242 4242 4242',
    });
    expect(calls.callsTo('POST /api/members/me/cards/confirm')[0].body).toEqual({ setupIntentId: 'seti_1' });

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText(/Visa ending 4242/)).not.toBeInTheDocument());
  });
});
