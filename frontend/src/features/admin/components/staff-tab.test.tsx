vi.setConfig({ testTimeout: 60_000 });
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_AUTH_KEY, basicHeader } from '../../../api/admin-client';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import StaffTab from './staff-tab';

const OWNER_ID = '0b7f3a52-5f55-4d6c-9a51-2f0c3b1d9e01';
const DOOR_ID = '0b7f3a52-5f55-4d6c-9a51-2f0c3b1d9e03';

const accounts = [
  {
    id: OWNER_ID,
    username: 'admin',
    displayName: 'Hélène',
    role: 'owner',
    status: 'active',
    doorEventIds: [],
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
  },
  {
    id: DOOR_ID,
    username: 'door-one',
    displayName: 'Marc',
    role: 'door',
    status: 'active',
    doorEventIds: [7],
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
  },
];

const events = [
  { id: 7, name: 'Terrace Evening', date: '2037-12-12', status: 'published' },
  { id: 8, name: 'Winter Gala', date: '2037-12-20', status: 'published' },
];

function server(extra: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    'GET /api/admin/me': () =>
      json({
        id: OWNER_ID,
        username: 'admin',
        displayName: 'Hélène',
        role: 'owner',
        rights: ['staff'],
        doorEventIds: [],
      }),
    'GET /api/admin/staff': () => json({ data: accounts }),
    'GET /api/admin/events': () => json({ data: events, total: 2 }),
    ...extra,
  });
}

const dialog = () => screen.getByRole('dialog');

/** An option of the open Ant Design select, by its title. */
const pick = async (title: string) =>
  waitFor(() => {
    const option = document.querySelector<HTMLElement>(
      `.ant-select-dropdown .ant-select-item-option[title="${title}"]`,
    );
    if (!option) throw new Error(`No option ${title}`);
    return option;
  });

beforeEach(() => sessionStorage.setItem(ADMIN_AUTH_KEY, basicHeader('admin', 'secret-pass')));
afterEach(() => sessionStorage.clear());

describe('StaffTab', () => {
  it('lists every account with its name, username, role, door events and status, marking the owner signed in', async () => {
    server();
    renderWithProviders(<StaffTab />);
    const marc = (await screen.findByText('door-one')).closest('tr')!;
    expect(within(marc).getByText('Marc')).toBeInTheDocument();
    expect(within(marc).getByText('Door')).toBeInTheDocument();
    expect(await within(marc).findByText(/Terrace Evening/)).toBeInTheDocument();
    expect(within(marc).getByText('Active')).toBeInTheDocument();
    const helene = screen.getByText('admin').closest('tr')!;
    expect(within(helene).getByText('(you)')).toBeInTheDocument();
    expect(within(helene).getByText('Owner')).toBeInTheDocument();
  });

  it('creates a door account for chosen events', async () => {
    const api = server({
      'POST /api/admin/staff': (request) =>
        json({ data: { ...accounts[1], ...(request.body as object), id: 'new', status: 'active' } }, 201),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<StaffTab />);
    await user.click(await screen.findByRole('button', { name: /Add Staff Account/ }));
    await user.type(within(dialog()).getByLabelText('Display Name'), 'Louise');
    await user.type(within(dialog()).getByLabelText('Username'), 'louise');
    await user.click(within(dialog()).getByLabelText('Role'));
    await user.click(await pick('Door'));
    expect(await within(dialog()).findByText(/Door check-in only/)).toBeInTheDocument();
    await user.click(within(dialog()).getByLabelText('Door events'));
    await user.click(await pick('Winter Gala · Dec 20, 2037'));
    await user.type(within(dialog()).getByLabelText('First Password'), 'louise-password-1');
    await user.click(within(dialog()).getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(api.callsTo('POST /api/admin/staff')).toHaveLength(1));
    expect(api.callsTo('POST /api/admin/staff')[0].body).toEqual({
      displayName: 'Louise',
      username: 'louise',
      role: 'door',
      doorEventIds: [8],
      password: 'louise-password-1',
    });
    expect(await screen.findByText('Louise can now sign in as louise')).toBeInTheDocument();
  });

  it('asks before suspending, and shows the server’s refusal to leave the house without an owner', async () => {
    const api = server({
      'PATCH /api/admin/staff/0b7f3a52-5f55-4d6c-9a51-2f0c3b1d9e01': () =>
        json(
          {
            success: false,
            error: 'The house needs at least one active owner: make another owner first.',
            code: 'LAST_OWNER',
          },
          409,
        ),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<StaffTab />);
    const helene = (await screen.findByText('admin')).closest('tr')!;
    await user.click(within(helene).getByRole('button', { name: 'Suspend' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Suspend Hélène?');
    await user.click(within(confirm).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(api.callsTo(`PATCH /api/admin/staff/${OWNER_ID}`)).toHaveLength(1));
    expect(api.callsTo(`PATCH /api/admin/staff/${OWNER_ID}`)[0].body).toEqual({ status: 'suspended' });
    expect(
      await screen.findByText('The house needs at least one active owner: make another owner first.'),
    ).toBeInTheDocument();
  });

  it('resets a password', async () => {
    const api = server({
      [`POST /api/admin/staff/${DOOR_ID}/password`]: () => json({ success: true }),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<StaffTab />);
    const marc = (await screen.findByText('door-one')).closest('tr')!;
    await user.click(within(marc).getByRole('button', { name: 'Reset Password' }));
    await user.type(within(dialog()).getByLabelText('New Password'), 'short');
    await user.click(within(dialog()).getByRole('button', { name: 'Reset Password' }));
    expect(
      await within(dialog()).findByText('A password needs at least 12 characters (200 at most)'),
    ).toBeInTheDocument();
    expect(api.callsTo(`POST /api/admin/staff/${DOOR_ID}/password`)).toHaveLength(0);
    await user.clear(within(dialog()).getByLabelText('New Password'));
    await user.type(within(dialog()).getByLabelText('New Password'), 'marc-password-22');
    await user.click(within(dialog()).getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(api.callsTo(`POST /api/admin/staff/${DOOR_ID}/password`)).toHaveLength(1));
    expect(api.callsTo(`POST /api/admin/staff/${DOOR_ID}/password`)[0].body).toEqual({ password: 'marc-password-22' });
    expect(await screen.findByText('Marc’s password is reset')).toBeInTheDocument();
  });
});
