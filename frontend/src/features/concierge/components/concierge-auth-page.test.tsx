import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import { STORAGE_KEYS } from '../api/concierge';
import { ConciergeAuthPage } from './concierge-auth-page';

const PASSWORD = 'members-only';

function renderAuth() {
  const router = createMemoryRouter(
    [
      { path: '/concierge-auth', element: <ConciergeAuthPage /> },
      { path: '/concierge', element: <h1>Threaded chat</h1> },
    ],
    { initialEntries: ['/concierge-auth'] },
  );
  return { router, ...renderWithProviders(<RouterProvider router={router} />) };
}

function server({ session = false } = {}) {
  return fakeServer({
    'GET /api/concierge/session': () => json({ success: true, data: { authenticated: session } }),
    'POST /api/concierge/auth': (request) =>
      (request.body as { password: string }).password === PASSWORD
        ? json({ success: true, data: { authenticated: true, expiresAt: '2030-01-01T00:00:00.000Z' } })
        : json({ success: false, error: 'Invalid password. Please try again.' }, 401),
  });
}

describe('the concierge password screen', () => {
  beforeEach(() => localStorage.clear());

  it('shows the private-service text, a show/hide toggle, and an Access Concierge button only once a password is typed', async () => {
    server();
    const user = userEvent.setup();
    renderAuth();
    expect(
      await screen.findByText(
        'This is a private service for Maison Fortuna members only. Unauthorized access is strictly prohibited.',
      ),
    ).toBeInTheDocument();
    const field = screen.getByLabelText('Password');
    expect(field).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Access Concierge' })).toBeDisabled();
    await user.type(field, 'secret');
    await user.click(screen.getByRole('img', { name: /eye/i }));
    expect(field).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Access Concierge' })).toBeEnabled();
  });

  it('keeps the member on the screen with the failure toast after a wrong password, and re-enables the button', async () => {
    const calls = server();
    const user = userEvent.setup();
    const { router } = renderAuth();
    await user.type(screen.getByLabelText('Password'), 'a guess');
    await user.click(screen.getByRole('button', { name: 'Access Concierge' }));
    expect(await screen.findByText('Authentication failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid password. Please try again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/concierge-auth');
    expect(screen.getByRole('button', { name: 'Access Concierge' })).toBeEnabled();
    expect(calls.callsTo('POST /api/concierge/auth')[0].body).toEqual({ password: 'a guess' });
    expect(localStorage.getItem(STORAGE_KEYS.authenticated)).toBeNull();
  });

  it('welcomes the member, then moves on to /concierge about half a second later', async () => {
    server();
    const user = userEvent.setup();
    const { router } = renderAuth();
    await user.type(screen.getByLabelText('Password'), PASSWORD);
    // The delays the page asks the browser for, read from the timers it sets (not from a clock).
    const timers = vi.spyOn(window, 'setTimeout');
    await user.click(screen.getByRole('button', { name: 'Access Concierge' }));
    expect(await screen.findByText('Authentication successful')).toBeInTheDocument();
    expect(screen.getByText('Welcome to Maison Fortuna Concierge')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Authenticating\.\.\./ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/concierge-auth');
    const delays = timers.mock.calls.map(([, delay]) => delay ?? 0);
    await waitFor(() => expect(router.state.location.pathname).toBe('/concierge'), { timeout: 2000 });
    timers.mockRestore();
    // The move to /concierge is one timer of about half a second, set once the welcome showed.
    expect(delays.filter((delay) => delay >= 350 && delay <= 1200)).toEqual([500]);
    expect(localStorage.getItem(STORAGE_KEYS.authenticated)).toBe('true');
  });

  it('goes straight to /concierge when the session is already valid', async () => {
    server({ session: true });
    const { router } = renderAuth();
    await waitFor(() => expect(router.state.location.pathname).toBe('/concierge'));
  });

  it('shows the server’s reason when it is not a wrong password', async () => {
    fakeServer({
      'GET /api/concierge/session': () => json({ success: true, data: { authenticated: false } }),
      'POST /api/concierge/auth': () =>
        json({ success: false, error: 'Too many failed attempts. Please wait 15 minutes and try again.' }, 429),
    });
    const user = userEvent.setup();
    renderAuth();
    await user.type(screen.getByLabelText('Password'), 'guess');
    await user.click(screen.getByRole('button', { name: 'Access Concierge' }));
    expect(
      await screen.findByText('Too many failed attempts. Please wait 15 minutes and try again.'),
    ).toBeInTheDocument();
  });
});
