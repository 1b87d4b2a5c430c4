vi.setConfig({ testTimeout: 60_000 });
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { ADMIN_AUTH_KEY, basicHeader } from '../../../api/admin-client';
import { setViewportWidth } from '../../../testing/browser';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import AuditTab from './audit-tab';

const ADA = '0b7f3a52-5f55-4d6c-9a51-2f0c3b1d9e01';
const MARC = '0b7f3a52-5f55-4d6c-9a51-2f0c3b1d9e03';

const ROWS = [
  {
    id: '12',
    at: '2026-11-26T18:30:00.000Z',
    actorId: MARC,
    actorName: 'Marc',
    actorRole: 'door',
    clientIp: '192.0.2.7',
    action: 'rsvp.check-in',
    targetType: 'rsvp',
    targetId: '5f1c',
    changes: { arrived: [null, 2] },
  },
  {
    id: '11',
    at: '2026-11-26T10:00:00.000Z',
    actorId: ADA,
    actorName: 'Ada Lovelace',
    actorRole: 'owner',
    clientIp: '192.0.2.1',
    action: 'vendor.update',
    targetType: 'vendor',
    targetId: '42',
    changes: { name: ['Riviera Yachts', 'Azur Charters'] },
  },
];

const accounts = [
  { id: ADA, username: 'ada', displayName: 'Ada Lovelace', role: 'owner', status: 'active', doorEventIds: [] },
  { id: MARC, username: 'marc', displayName: 'Marc', role: 'door', status: 'active', doorEventIds: [7] },
];

function auditServer() {
  return fakeServer({
    'GET /api/admin/staff': () => json({ data: accounts }),
    'GET /api/admin/audit': (request) => {
      const params = new URL(request.url, 'http://localhost').searchParams;
      const actor = params.get('actor');
      const items = actor ? ROWS.filter((row) => row.actorId === actor) : ROWS;
      const page = Number(params.get('page'));
      return json({ items: page > 1 ? [] : items, total: actor ? items.length : 45 });
    },
    'GET /api/admin/audit.csv': () =>
      new Response('"When (UTC)"\r\n', {
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="audit-2026-11-27.csv"' },
      }),
  });
}

const params = (url: string) => new URL(url, 'http://localhost').searchParams;

beforeEach(() => sessionStorage.setItem(ADMIN_AUTH_KEY, basicHeader('ada', 'secret-pass')));
afterEach(() => {
  sessionStorage.clear();
  setViewportWidth(1440);
  vi.restoreAllMocks();
});

describe('the Audit tab', () => {
  it('lists who did what, to what, from where, with the fields changed', async () => {
    auditServer();
    renderWithProviders(<AuditTab />);
    const row = (await screen.findByText('vendor.update')).closest('tr')!;
    expect(within(row).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(row).getByText('Owner')).toBeInTheDocument();
    expect(within(row).getByText('Vendor 42')).toBeInTheDocument();
    expect(within(row).getByText('192.0.2.1')).toBeInTheDocument();
    expect(within(row).getByText(/Riviera Yachts → Azur Charters/)).toBeInTheDocument();
    expect(screen.getByText('45 actions')).toBeInTheDocument();
  });

  it('filters by person, action, target and dates on the server, from page 1', async () => {
    const calls = auditServer();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<AuditTab />);
    await screen.findByText('vendor.update');

    await user.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(params(calls.callsTo('GET /api/admin/audit').at(-1)!.url).get('page')).toBe('2'));

    await user.click(screen.getByRole('combobox', { name: 'Person' }));
    const option = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-select-dropdown .ant-select-item-option[title="Marc"]');
      if (!found) throw new Error('No option Marc');
      return found;
    });
    await user.click(option);
    await user.type(screen.getByRole('textbox', { name: 'Action' }), 'rsvp');
    await user.type(screen.getByRole('textbox', { name: 'Target id' }), '5f1c');
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('to'), '2026-11-30');

    await waitFor(() => {
      const last = params(calls.callsTo('GET /api/admin/audit').at(-1)!.url);
      expect(Object.fromEntries(last)).toEqual({
        actor: MARC,
        action: 'rsvp',
        targetId: '5f1c',
        from: '2026-11-01',
        to: '2026-11-30',
        page: '1',
        pageSize: '20',
      });
    });
    await waitFor(() => expect(screen.queryByText('vendor.update')).not.toBeInTheDocument());
  });

  it('exports the filtered log as CSV under the server’s file name', async () => {
    const calls = auditServer();
    const created = vi.fn(() => 'blob:audit');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<AuditTab />);
    await screen.findByText('vendor.update');
    await user.type(screen.getByRole('textbox', { name: 'Action' }), 'vendor');
    await waitFor(() => expect(params(calls.callsTo('GET /api/admin/audit').at(-1)!.url).get('action')).toBe('vendor'));

    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(params(calls.callsTo('GET /api/admin/audit.csv')[0].url).get('action')).toBe('vendor');
    const link = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('audit-2026-11-27.csv');
    expect(link.href).toBe('blob:audit');
  });

  it('shows each action as a card on a phone', async () => {
    setViewportWidth(375);
    auditServer();
    renderWithProviders(<AuditTab />);
    await screen.findByText('vendor.update');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getAllByText('Person')).not.toHaveLength(0);
  });
});
