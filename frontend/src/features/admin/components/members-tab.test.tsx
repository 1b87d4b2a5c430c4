vi.setConfig({ testTimeout: 60_000 });
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { ADMIN_AUTH_KEY, basicHeader } from '../../../api/admin-client';
import { setViewportWidth } from '../../../testing/browser';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import MembersTab from './members-tab';
import { WaitlistTab } from './waitlist-tab';

const ROWS = [
  {
    id: 'm1',
    name: 'Grace Kelly',
    email: 'grace@example.com',
    phone: null,
    tier: 'patron',
    status: 'active',
    joinedAt: '2026-11-20T10:00:00.000Z',
    lastSeenAt: '2026-11-26T10:00:00.000Z',
    offer: { state: 'used', sentAt: '2026-11-19T10:00:00.000Z', expiresAt: '2026-11-26T10:00:00.000Z' },
  },
  {
    id: 'm2',
    name: 'Coco Chanel',
    email: 'coco@example.com',
    phone: null,
    tier: 'nomad',
    status: 'offered',
    joinedAt: null,
    lastSeenAt: null,
    offer: { state: 'pending', sentAt: '2026-11-25T10:00:00.000Z', expiresAt: '2026-12-02T10:00:00.000Z' },
  },
];

beforeEach(() => sessionStorage.setItem(ADMIN_AUTH_KEY, basicHeader('admin', 'secret-pass')));
afterEach(() => {
  sessionStorage.clear();
  setViewportWidth(1440);
});

const staff = (rights: string[]) => () =>
  json({ id: 's1', username: 'admin', displayName: 'Admin', role: 'owner', doorEventIds: [], rights });

function membersServer(rights = ['members:read', 'members:offer']) {
  return fakeServer({
    'GET /api/admin/me': staff(rights),
    'GET /api/admin/members': (request) => {
      const status = new URL(request.url, 'http://localhost').searchParams.get('status');
      const items = status ? ROWS.filter((row) => row.status === status) : ROWS;
      return json({ items, total: items.length });
    },
    'POST /api/admin/members/m2/offer/resend': () => json(ROWS[1]),
    'POST /api/admin/members/m2/offer/revoke': () =>
      json({ ...ROWS[1], offer: { ...ROWS[1].offer, state: 'revoked' } }),
    'PATCH /api/admin/members/m1': (request) => json({ ...ROWS[0], ...(request.body as object) }),
  });
}

describe('the Members tab', () => {
  it('lists members with their tier, status and offer, and filters by status on the server', async () => {
    const calls = membersServer();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<MembersTab />);
    expect(await screen.findByText('Grace Kelly')).toBeInTheDocument();
    const coco = screen.getByText('Coco Chanel').closest('tr')!;
    expect(within(coco).getByText('Offered')).toBeInTheDocument();
    expect(within(coco).getByText('Pending until Dec 2, 2026')).toBeInTheDocument();
    expect(within(screen.getByText('Grace Kelly').closest('tr')!).getByText('Accepted')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByTitle('Active'));
    await waitFor(() => expect(screen.queryByText('Coco Chanel')).not.toBeInTheDocument());
    const last = calls.callsTo('GET /api/admin/members').at(-1)!;
    expect(new URL(last.url, 'http://localhost').searchParams.get('status')).toBe('active');
    expect(new URL(last.url, 'http://localhost').searchParams.get('page')).toBe('1');
  });

  it('resends and revokes an offer, and suspends a member after asking', async () => {
    const calls = membersServer();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<MembersTab />);
    const coco = (await screen.findByText('Coco Chanel')).closest('tr')!;
    await user.click(within(coco).getByRole('button', { name: 'Resend Offer' }));
    await waitFor(() => expect(calls.callsTo('POST /api/admin/members/m2/offer/resend')).toHaveLength(1));

    await user.click(within(coco).getByRole('button', { name: 'Revoke Offer' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls.callsTo('POST /api/admin/members/m2/offer/revoke')).toHaveLength(1));

    const grace = screen.getByText('Grace Kelly').closest('tr')!;
    await user.click(within(grace).getByRole('button', { name: 'Suspend' }));
    const dialogs = await screen.findAllByRole('dialog');
    await user.click(within(dialogs.at(-1)!).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(calls.callsTo('PATCH /api/admin/members/m1')[0]?.body).toEqual({ status: 'suspended' }));
  });

  it('shows a concierge, who may only read the members, no changes to make', async () => {
    membersServer(['requests', 'members:read', 'vendors', 'applications']);
    renderWithProviders(<MembersTab />);
    const grace = (await screen.findByText('Grace Kelly')).closest('tr')!;
    expect(within(grace).getByText('Patron')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Tier of Grace Kelly' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Suspend' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend Offer' })).not.toBeInTheDocument();
  });

  it('shows one card per member on a phone', async () => {
    setViewportWidth(375);
    membersServer();
    renderWithProviders(<MembersTab />);
    expect(await screen.findByText('Grace Kelly')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Resend Offer' })).toHaveLength(1);
  });
});

describe("the Waitlist tab's Offer Membership", () => {
  it('offers the chosen rows a tier, and reports who was offered and who was skipped', async () => {
    const calls = fakeServer({
      'GET /api/admin/waitlist': () =>
        json({
          data: [
            {
              id: 'w1',
              email: 'grace@example.com',
              fullName: 'Grace Kelly',
              phone: null,
              netWorth: null,
              source: 'landing',
              createdAt: '2026-11-20T10:00:00.000Z',
            },
          ],
          total: 1,
        }),
      'GET /api/admin/waitlist/filters': () => json({ data: { sources: [], utmCampaigns: [] } }),
      'POST /api/admin/members/offers': () =>
        json({ offered: 0, skipped: [{ email: 'grace@example.com', reason: 'ALREADY_MEMBER' }] }),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<WaitlistTab />);
    const row = (await screen.findByText('Grace Kelly')).closest('tr')!;
    await user.click(within(row).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /Offer Membership/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Offer Membership')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send Offers' })).toBeDisabled();
    await user.click(within(dialog).getByText('Voyager'));
    await user.click(within(dialog).getByRole('button', { name: 'Send Offers' }));
    expect(await within(dialog).findByText('grace@example.com: already a member')).toBeInTheDocument();
    expect(calls.callsTo('POST /api/admin/members/offers')[0].body).toEqual({ tier: 'voyager', entryIds: ['w1'] });
  });
});
