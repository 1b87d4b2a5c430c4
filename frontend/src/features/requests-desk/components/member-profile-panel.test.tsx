import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_AUTH_KEY, basicHeader } from '../../../api/admin-client';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import { MemberProfilePanel } from './member-profile-panel';

const MEMBER = '0b7f3a52-5f55-4d6c-9a51-2f0c3b1d9e01';
const AT = '2026-11-27T10:00:00.000Z';

interface Entry {
  id: string;
  kind: string;
  value: string;
  sensitive: boolean;
  source: string;
  sourceMessageId: string | null;
  staffName: string | null;
  createdAt: string;
  updatedAt: string;
}

function server() {
  const entries: Entry[] = [
    {
      id: 'e1',
      kind: 'allergies',
      value: 'Wife: shellfish allergy',
      sensitive: true,
      source: 'chat',
      sourceMessageId: 'm1',
      staffName: null,
      createdAt: AT,
      updatedAt: AT,
    },
  ];
  const notes: Array<{ id: string; text: string; authorName: string; createdAt: string }> = [];
  return fakeServer({
    [`GET /api/admin/members/${MEMBER}/profile`]: () => json({ data: { paused: false, entries, notes } }),
    [`POST /api/admin/members/${MEMBER}/preferences`]: (request) => {
      const body = request.body as { kind: string; value: string };
      const added = { ...entries[0], id: 'e2', ...body, sensitive: false, source: 'staff', staffName: 'Sophie' };
      entries.push(added);
      return json({ data: added }, 201);
    },
    [`POST /api/admin/members/${MEMBER}/notes`]: (request) => {
      const note = { id: 'n1', text: (request.body as { text: string }).text, authorName: 'Sophie', createdAt: AT };
      notes.push(note);
      return json({ data: note }, 201);
    },
  });
}

beforeEach(() => sessionStorage.setItem(ADMIN_AUTH_KEY, basicHeader('sophie', 'secret-pass')));
afterEach(() => sessionStorage.clear());

describe('the member’s profile beside a request', () => {
  it('shows what is remembered with its source, and lets staff add to it and keep their own notes', async () => {
    const calls = server();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<MemberProfilePanel memberId={MEMBER} name="Elena Marchetti" />);

    const panel = await screen.findByRole('region', { name: 'Member profile' });
    expect(within(panel).getByRole('heading', { name: 'What we remember of Elena Marchetti' })).toBeInTheDocument();
    const allergies = await within(panel).findByRole('list', { name: 'Allergies' });
    expect(allergies).toHaveTextContent('Wife: shellfish allergy');
    expect(allergies).toHaveTextContent('Sensitive');
    expect(allergies).toHaveTextContent('From the conversation');

    await user.type(within(panel).getByLabelText('Preference to remember'), 'A quiet corner table');
    await user.click(within(panel).getByRole('button', { name: 'Add' }));
    expect(await within(panel).findByText('A quiet corner table')).toBeInTheDocument();
    expect(calls.callsTo(`POST /api/admin/members/${MEMBER}/preferences`)[0].body).toEqual({
      kind: 'dining',
      value: 'A quiet corner table',
    });
    expect(within(panel).getByRole('list', { name: 'Dining and diet' })).toHaveTextContent('Added by Sophie');

    await user.type(within(panel).getByLabelText('Staff note'), 'Prefers to be greeted by name');
    await user.click(within(panel).getByRole('button', { name: 'Add Note' }));
    const notes = await within(panel).findByRole('list', { name: 'Staff notes' });
    await waitFor(() => expect(notes).toHaveTextContent('Prefers to be greeted by name'));
    expect(notes).toHaveTextContent('Sophie');
  });
});
