import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import { AccountPage } from './account-page';

const ME = {
  id: 'm1',
  name: 'Grace Kelly',
  email: 'grace@example.com',
  phone: null,
  tier: 'black',
  status: 'active',
  joinedAt: '2026-11-20T10:00:00.000Z',
  passkeys: [
    { id: 'p1', name: 'MacBook', createdAt: '2026-11-20T10:00:00.000Z', lastUsedAt: '2026-11-26T09:00:00.000Z' },
  ],
};
const DEVICES = [
  {
    id: 's1',
    browser: 'Chrome 131',
    system: 'macOS',
    createdAt: '2026-11-20T10:00:00.000Z',
    lastSeenAt: '2026-11-27T09:00:00.000Z',
    current: true,
  },
  {
    id: 's2',
    browser: 'Safari 18',
    system: 'iOS',
    createdAt: '2026-11-22T10:00:00.000Z',
    lastSeenAt: '2026-11-26T20:00:00.000Z',
    current: false,
  },
];

function renderAccount() {
  const onSignedOut = vi.fn();
  const router = createMemoryRouter(
    [
      { path: '/concierge/account', element: <AccountPage onSignedOut={onSignedOut} /> },
      { path: '/concierge-auth', element: <h1>Concierge sign-in</h1> },
      { path: '/concierge', element: <h1>Threaded chat</h1> },
    ],
    { initialEntries: ['/concierge/account'] },
  );
  return { router, onSignedOut, ...renderWithProviders(<RouterProvider router={router} />) };
}

function server(overrides = {}) {
  let me = ME;
  let devices = DEVICES;
  return fakeServer({
    'GET /api/members/me': () => json(me),
    'GET /api/members/me/sessions': () => json(devices),
    'GET /api/members/passkeys/available': () => json({ available: true }),
    'PATCH /api/members/me/passkeys/p1': (request) => {
      const name = (request.body as { name: string }).name;
      me = { ...me, passkeys: [{ ...me.passkeys[0], name }] };
      return json(me.passkeys[0]);
    },
    'DELETE /api/members/me/passkeys/p1': () => {
      me = { ...me, passkeys: [] };
      return new Response(null, { status: 204 });
    },
    'DELETE /api/members/me/sessions/s2': () => {
      devices = devices.filter((d) => d.current);
      return new Response(null, { status: 204 });
    },
    'POST /api/members/me/sessions/sign-out-others': () => {
      devices = devices.filter((d) => d.current);
      return new Response(null, { status: 204 });
    },
    'POST /api/members/sign-out': () => new Response(null, { status: 204 }),
    ...overrides,
  });
}

describe("the member's account page", () => {
  it('shows the name, tier, passkeys and signed-in devices, this device marked', async () => {
    server();
    renderAccount();
    expect(await screen.findByRole('heading', { name: 'Your Account' })).toBeInTheDocument();
    expect(screen.getByText('Grace Kelly')).toBeInTheDocument();
    expect(screen.getByText('Black')).toBeInTheDocument();
    const passkeys = screen.getByRole('list', { name: 'Passkeys' });
    expect(within(passkeys).getByText('MacBook')).toBeInTheDocument();
    const devices = await screen.findByRole('list', { name: 'Signed-in devices' });
    const rows = within(devices).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Chrome 131 on macOS');
    expect(within(rows[0]).getByText('This Device')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Safari 18 on iOS');
    expect(within(rows[1]).queryByText('This Device')).not.toBeInTheDocument();
  });

  it('renames and removes a passkey', async () => {
    const calls = server();
    const user = userEvent.setup();
    renderAccount();
    await user.click(await screen.findByRole('button', { name: 'Rename' }));
    const field = await screen.findByLabelText('Passkey name');
    await user.clear(field);
    await user.type(field, 'Work laptop');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Work laptop')).toBeInTheDocument();
    expect(calls.callsTo('PATCH /api/members/me/passkeys/p1')[0].body).toEqual({ name: 'Work laptop' });

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No passkeys yet: you sign in with a link sent to your email.')).toBeInTheDocument();
  });

  it('signs out another device, and every other device at once', async () => {
    const calls = server();
    const user = userEvent.setup();
    renderAccount();
    const devices = await screen.findByRole('list', { name: 'Signed-in devices' });
    const other = within(devices).getAllByRole('listitem')[1];
    await user.click(within(other).getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(within(devices).getAllByRole('listitem')).toHaveLength(1));
    expect(calls.callsTo('DELETE /api/members/me/sessions/s2')).toHaveLength(1);
    // Nobody else is signed in now.
    expect(screen.getByRole('button', { name: 'Sign Out Everywhere Else' })).toBeDisabled();
  });

  it('asks the server to sign out every other device', async () => {
    const calls = server();
    const user = userEvent.setup();
    renderAccount();
    await user.click(await screen.findByRole('button', { name: 'Sign Out Everywhere Else' }));
    await waitFor(() => expect(calls.callsTo('POST /api/members/me/sessions/sign-out-others')).toHaveLength(1));
    expect(calls.callsTo('POST /api/members/sign-out')).toHaveLength(0);
  });

  it("signs out this device with its own Sign Out, and goes to the concierge's sign-in", async () => {
    const calls = server();
    const user = userEvent.setup();
    const { router, onSignedOut } = renderAccount();
    const devices = await screen.findByRole('list', { name: 'Signed-in devices' });
    await user.click(within(within(devices).getAllByRole('listitem')[0]).getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/concierge-auth'));
    expect(calls.callsTo('POST /api/members/sign-out')).toHaveLength(1);
    expect(onSignedOut).toHaveBeenCalled();
  });

  it('sends a visitor without a member session to sign in', async () => {
    server({
      'GET /api/members/me': () => json({ success: false, error: 'Please sign in.', code: 'MEMBER_SIGNED_OUT' }, 401),
    });
    const { router } = renderAccount();
    await waitFor(() => expect(router.state.location.pathname).toBe('/concierge-auth'));
  });
});
