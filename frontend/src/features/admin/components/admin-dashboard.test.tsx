vi.setConfig({ testTimeout: 60_000 });
import { screen, waitFor, within } from '@testing-library/react';
import { ADMIN_AUTH_KEY, basicHeader } from '../../../api/admin-client';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderRoute } from '../../../testing/render';

/** The rights each role holds, as GET /api/admin/me answers them (backend staff-roles.ts). */
const RIGHTS = {
  events: ['waitlist', 'members:offer', 'members:read', 'events', 'invitations', 'rsvps', 'payments:read'],
  concierge: ['requests', 'members:read', 'vendors', 'applications'],
  door: ['check-in'],
};

function me(role: keyof typeof RIGHTS, doorEventIds: number[] = []) {
  return {
    id: '0b7f3a52-5f55-4d6c-9a51-2f0c3b1d9e02',
    username: role,
    displayName: `The ${role} desk`,
    role,
    rights: RIGHTS[role],
    doorEventIds,
  };
}

afterEach(() => {
  sessionStorage.clear();
});

describe('AdminDashboard by role', () => {
  beforeEach(() => sessionStorage.setItem(ADMIN_AUTH_KEY, basicHeader('someone', 'secret-pass')));

  it('shows the events team only its tabs, without the door, the queues, maintenance or staff', async () => {
    fakeServer({
      'GET /api/admin/me': () => json(me('events')),
      'GET /api/admin/waitlist': () => json({ data: [], total: 0 }),
      'GET /api/status': () => json({ maintenance: false }),
    });
    renderRoute('/admin');
    const list = await screen.findByRole('tablist', { name: 'Admin sections' });
    expect(
      within(list)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Waitlist', 'Members', 'Launch Party']);
    expect(screen.getByText('The events desk · Events')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Door check-in/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Queue dashboard/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Maintenance/i)).not.toBeInTheDocument();
  });

  it('shows the concierge the desk, members and vendors, opening on the first of them', async () => {
    fakeServer({
      'GET /api/admin/me': () => json(me('concierge')),
      'GET /api/status': () => json({ maintenance: false }),
    });
    renderRoute('/admin');
    const list = await screen.findByRole('tablist', { name: 'Admin sections' });
    const tabs = within(list).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Members', 'Requests', 'Vendors']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
  });

  it('sends a door account straight to the door check-in', async () => {
    fakeServer({
      'GET /api/admin/me': () => json(me('door', [7])),
      'GET /api/admin/events': () => json({ data: [], total: 0 }),
      'GET /api/status': () => json({ maintenance: false }),
    });
    const { router } = renderRoute('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/check-in'));
    expect(screen.queryByRole('tablist', { name: 'Admin sections' })).not.toBeInTheDocument();
  });

  it('says so, with a way to try again, when the account cannot be loaded', async () => {
    fakeServer({
      'GET /api/admin/me': () => json({ success: false, error: 'The service is briefly unavailable.' }, 503),
      'GET /api/status': () => json({ maintenance: false }),
    });
    renderRoute('/admin');
    expect(await screen.findByText('Your account could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist', { name: 'Admin sections' })).not.toBeInTheDocument();
  });
});
