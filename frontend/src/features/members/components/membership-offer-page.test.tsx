import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import { MembershipOfferPage } from './membership-offer-page';

const TOKEN = 'offer-token-123';
const OFFER = {
  name: 'Grace Kelly',
  email: 'grace@example.com',
  tier: 'voyager',
  expiresAt: '2030-12-04T10:00:00.000Z',
};
const MEMBER = {
  id: 'm1',
  name: 'Grace Patricia Kelly',
  email: 'grace@example.com',
  phone: null,
  tier: 'voyager',
  status: 'active',
  joinedAt: '2030-11-27T10:00:00.000Z',
  passkeys: [],
};

function renderOffer(onSignedIn = vi.fn()) {
  const router = createMemoryRouter(
    [
      { path: '/membership/:token', element: <MembershipOfferPage token={TOKEN} onSignedIn={onSignedIn} /> },
      { path: '/concierge', element: <h1>Threaded chat</h1> },
    ],
    { initialEntries: [`/membership/${TOKEN}`] },
  );
  return { router, onSignedIn, ...renderWithProviders(<RouterProvider router={router} />) };
}

function refusedWith(status: number, code: string, error: string) {
  return fakeServer({
    [`GET /api/membership/offers/${TOKEN}`]: () => json({ success: false, error, code }, status),
    'GET /api/members/passkeys/available': () => json({ available: false }),
  });
}

describe('the membership set-up page', () => {
  it('shows the offer without consuming it, then accepts with the name the person confirms', async () => {
    const server = fakeServer({
      [`GET /api/membership/offers/${TOKEN}`]: () => json(OFFER),
      [`POST /api/membership/offers/${TOKEN}/accept`]: () => json({ member: MEMBER }),
      'GET /api/members/passkeys/available': () => json({ available: false }),
    });
    const user = userEvent.setup();
    const { router, onSignedIn } = renderOffer();
    expect(await screen.findByRole('heading', { name: 'An Offer of Membership' })).toBeInTheDocument();
    expect(screen.getByText('Voyager')).toBeInTheDocument();
    expect(
      screen.getByText((_, node) => node?.tagName === 'DD' && node.textContent === 'grace@example.com'),
    ).toBeInTheDocument();
    expect(screen.getByText('December 4, 2030')).toBeInTheDocument();
    const name = screen.getByLabelText('Your Name');
    expect(name).toHaveValue('Grace Kelly');
    // Opening the page is a GET only.
    expect(server.requests.filter((r) => r.method !== 'GET')).toEqual([]);

    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Accept Membership' }));
    expect(await screen.findByText('Please enter your name')).toBeInTheDocument();
    await user.type(name, 'Grace Patricia Kelly');
    await user.click(screen.getByRole('button', { name: 'Accept Membership' }));

    expect(await screen.findByRole('heading', { name: 'Welcome, Grace Patricia Kelly' })).toBeInTheDocument();
    expect(server.callsTo(`POST /api/membership/offers/${TOKEN}/accept`)[0].body).toEqual({
      name: 'Grace Patricia Kelly',
    });
    expect(onSignedIn).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe(`/membership/${TOKEN}`);
  });

  it('offers email sign-in only, with one quiet sentence why, when the house has no domain for passkeys', async () => {
    fakeServer({
      [`GET /api/membership/offers/${TOKEN}`]: () => json(OFFER),
      [`POST /api/membership/offers/${TOKEN}/accept`]: () => json({ member: MEMBER }),
      'GET /api/members/passkeys/available': () => json({ available: false }),
    });
    const user = userEvent.setup();
    const { router } = renderOffer();
    await user.click(await screen.findByRole('button', { name: 'Accept Membership' }));
    expect(await screen.findByText('Passkeys are not offered at this web address, so you will sign in by email.'));
    expect(screen.queryByRole('button', { name: 'Register a Passkey' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use Email Sign-In Only' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/concierge'));
  });

  it.each([
    [410, 'OFFER_EXPIRED', 'This offer has expired'],
    [410, 'OFFER_USED', 'This offer has been accepted'],
    [410, 'OFFER_REVOKED', 'This offer has been withdrawn'],
    [404, 'OFFER_UNKNOWN', 'We cannot find this offer'],
  ])('answers a %i %s with a clear message and no form', async (status, code, title) => {
    refusedWith(status, code, 'The server’s own words');
    renderOffer();
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept Membership' })).not.toBeInTheDocument();
  });

  it('sends a person whose offer is already accepted to sign in', async () => {
    refusedWith(410, 'OFFER_USED', 'This offer has already been accepted.');
    renderOffer();
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/concierge-auth');
  });

  it('keeps the person on the form with the server’s reason when the acceptance is refused', async () => {
    fakeServer({
      [`GET /api/membership/offers/${TOKEN}`]: () => json(OFFER),
      [`POST /api/membership/offers/${TOKEN}/accept`]: () =>
        json({ success: false, error: 'This offer has expired.', code: 'OFFER_EXPIRED' }, 410),
      'GET /api/members/passkeys/available': () => json({ available: true }),
    });
    const user = userEvent.setup();
    const { onSignedIn } = renderOffer();
    await user.click(await screen.findByRole('button', { name: 'Accept Membership' }));
    expect(await screen.findByText('This offer has expired.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept Membership' })).toBeEnabled();
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
