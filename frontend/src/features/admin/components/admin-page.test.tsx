vi.setConfig({ testTimeout: 60_000 });
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import { ADMIN_AUTH_KEY, basicHeader } from '../../../api/admin-client';
import { setViewportWidth } from '../../../testing/browser';
import { AdminPage } from './admin-page';

const entries = [
  {
    id: '1',
    email: 'grace@example.com',
    fullName: 'Grace Kelly',
    phone: '+1 555 0100',
    netWorth: 50,
    source: 'landing',
    createdAt: '2026-11-20T10:00:00.000Z',
  },
  {
    id: '2',
    email: 'coco.chanel@example.com',
    fullName: null,
    phone: null,
    netWorth: null,
    source: 'landing',
    createdAt: '2026-11-21T10:00:00.000Z',
  },
];

/** The signed-in staff account: an owner, who sees every tab. */
const OWNER = {
  id: '0b7f3a52-5f55-4d6c-9a51-2f0c3b1d9e01',
  username: 'admin',
  displayName: 'Claire',
  role: 'owner',
  rights: [
    'waitlist',
    'members:offer',
    'members:read',
    'events',
    'invitations',
    'rsvps',
    'payments:read',
    'payments:refund',
    'requests',
    'vendors',
    'applications',
    'check-in',
    'staff',
    'audit',
    'maintenance',
    'queues',
    'metrics',
  ],
  doorEventIds: [],
};

afterEach(() => {
  sessionStorage.clear();
  setViewportWidth(1440);
});

describe('AdminPage', () => {
  it('requires both fields, then signs in and shows the waitlist', async () => {
    const server = fakeServer({
      'GET /api/admin/auth': () => json({ success: true }),
      'GET /api/admin/me': () => json(OWNER),
      'GET /api/admin/waitlist': () => json({ data: entries, total: 2 }),
      'GET /api/status': () => json({ maintenance: false }),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<AdminPage />);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(server.callsTo('GET /api/admin/auth')).toHaveLength(0);

    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Grace Kelly')).toBeInTheDocument();
    expect(screen.getByText('coco.chanel')).toBeInTheDocument();
    expect(screen.getByText('$50M+')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Vendors' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Launch Party' })).toBeInTheDocument();
    expect(sessionStorage.getItem(ADMIN_AUTH_KEY)).toBe(basicHeader('admin', 'secret-pass'));
  });

  it("returns to the login with 'Authentication expired' when the server stops accepting the credentials", async () => {
    sessionStorage.setItem(ADMIN_AUTH_KEY, basicHeader('admin', 'changed'));
    fakeServer({
      'GET /api/admin/me': () => json({ success: false, error: 'Invalid credentials' }, 401),
      'GET /api/admin/waitlist': () => json({ success: false, error: 'Invalid credentials' }, 401),
      'GET /api/status': () => json({ maintenance: false }),
    });
    renderWithProviders(<AdminPage />);
    expect(await screen.findByText('Authentication expired')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    await waitFor(() => expect(sessionStorage.getItem(ADMIN_AUTH_KEY)).toBeNull());
  });

  it("shows 'No waitlist entries found.' for an empty list", async () => {
    sessionStorage.setItem(ADMIN_AUTH_KEY, basicHeader('admin', 'secret-pass'));
    fakeServer({
      'GET /api/admin/me': () => json(OWNER),
      'GET /api/admin/waitlist': () => json({ data: [], total: 0 }),
      'GET /api/status': () => json({ maintenance: false }),
    });
    renderWithProviders(<AdminPage />);
    expect(await screen.findByText('No waitlist entries found.')).toBeInTheDocument();
  });

  it('keeps every section reachable on a phone, by tap and by arrow keys, with nothing but tabs in the tab list', async () => {
    setViewportWidth(375);
    sessionStorage.setItem(ADMIN_AUTH_KEY, basicHeader('admin', 'secret-pass'));
    fakeServer({
      'GET /api/admin/me': () => json(OWNER),
      'GET /api/admin/waitlist': () => json({ data: entries, total: 2 }),
      'GET /api/status': () => json({ maintenance: false }),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<AdminPage />);
    const list = await screen.findByRole('tablist', { name: 'Admin sections' });
    const tabs = within(list).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Waitlist',
      'Members',
      'Requests',
      'Vendors',
      'Launch Party',
      'Staff',
      'Audit',
    ]);
    expect(list.querySelectorAll('button:not([role=tab])')).toHaveLength(0);
    // The tab and Ant Design's panel name each other.
    const panel = document.getElementById(tabs[0].getAttribute('aria-controls') ?? '');
    expect(panel).toHaveAttribute('role', 'tabpanel');
    expect(panel).toHaveAttribute('aria-labelledby', tabs[0].id);

    await user.click(within(list).getByRole('tab', { name: 'Audit' }));
    expect(within(list).getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{ArrowRight}');
    const waitlist = within(list).getByRole('tab', { name: 'Waitlist' });
    expect(waitlist).toHaveAttribute('aria-selected', 'true');
    expect(waitlist).toHaveFocus();
    await user.keyboard('{End}');
    expect(within(list).getByRole('tab', { name: 'Audit' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(within(list).getByRole('tab', { name: 'Staff' })).toHaveAttribute('aria-selected', 'true');
  });
});
