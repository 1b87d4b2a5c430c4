import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import { MemberSignInLinkPage } from './member-sign-in-link-page';

const TOKEN = 'link-token-456';
const MEMBER = { id: 'm1', name: 'Grace Kelly', email: 'grace@example.com', tier: 'patron', passkeys: [] };

function renderLink() {
  const onSignedIn = vi.fn();
  const router = createMemoryRouter(
    [
      { path: '/members/sign-in/:token', element: <MemberSignInLinkPage token={TOKEN} onSignedIn={onSignedIn} /> },
      { path: '/concierge', element: <h1>Threaded chat</h1> },
    ],
    { initialEntries: [`/members/sign-in/${TOKEN}`] },
  );
  return { router, onSignedIn, ...renderWithProviders(<RouterProvider router={router} />) };
}

describe('the sign-in link page', () => {
  it('names the address without consuming the link, and signs in only on Sign In', async () => {
    const server = fakeServer({
      [`GET /api/members/sign-in/link/${TOKEN}`]: () => json({ email: 'grace@example.com' }),
      [`POST /api/members/sign-in/link/${TOKEN}`]: () => json({ member: MEMBER }),
    });
    const user = userEvent.setup();
    const { router, onSignedIn } = renderLink();
    expect(
      await screen.findByText((_, node) => node?.tagName === 'STRONG' && node.textContent === 'grace@example.com'),
    ).toBeInTheDocument();
    expect(server.callsTo(`POST /api/members/sign-in/link/${TOKEN}`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/concierge'));
    expect(server.callsTo(`POST /api/members/sign-in/link/${TOKEN}`)).toHaveLength(1);
    expect(onSignedIn).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['SIGN_IN_LINK_EXPIRED', 'This link has expired'],
    ['SIGN_IN_LINK_USED', 'This link has been used'],
  ])('answers %s with a clear message and a way back to sign-in', async (code, title) => {
    fakeServer({
      [`GET /api/members/sign-in/link/${TOKEN}`]: () => json({ success: false, error: 'Refused', code }, 410),
    });
    renderLink();
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Sign-In' })).toHaveAttribute('href', '/concierge-auth');
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('says so when the link was used in between, on Sign In', async () => {
    fakeServer({
      [`GET /api/members/sign-in/link/${TOKEN}`]: () => json({ email: 'grace@example.com' }),
      [`POST /api/members/sign-in/link/${TOKEN}`]: () =>
        json({ success: false, error: 'This sign-in link has been used.', code: 'SIGN_IN_LINK_USED' }, 410),
    });
    const user = userEvent.setup();
    const { router } = renderLink();
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'This link has been used' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/members/sign-in/${TOKEN}`);
  });
});
