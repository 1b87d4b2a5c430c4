import { vi } from 'vitest';

// Several dialogs, typed into one after another: slow on a busy machine.
vi.setConfig({ testTimeout: 60_000 });
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import { WhatWeRemember } from './what-we-remember';

const AT = '2026-11-27T10:00:00.000Z';

function entry(id: string, kind: string, value: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    kind,
    value,
    sensitive: kind === 'allergies' || kind === 'health',
    source: 'member',
    sourceMessageId: null,
    staffName: null,
    createdAt: AT,
    updatedAt: AT,
    ...extra,
  };
}

function server() {
  let paused = false;
  let entries = [
    entry('e1', 'seating', 'Terraces', { source: 'chat', sourceMessageId: 'm1' }),
    entry('e2', 'allergies', 'Wife: shellfish allergy', { source: 'chat', sourceMessageId: 'm1' }),
    entry('e3', 'hotels', 'High floor', { source: 'staff', staffName: 'Sophie' }),
  ];
  const memory = () => json({ data: { paused, entries } });
  return fakeServer({
    'GET /api/members/me/preferences': memory,
    'POST /api/members/me/preferences': (request) => {
      const body = request.body as { kind: string; value: string };
      const added = entry('e9', body.kind, body.value);
      entries = [...entries, added];
      return json({ data: added }, 201);
    },
    'PATCH /api/members/me/preferences/e1': (request) => {
      entries = entries.map((e) => (e.id === 'e1' ? { ...e, value: (request.body as { value: string }).value } : e));
      return json({ data: entries[0] });
    },
    'DELETE /api/members/me/preferences/e2': () => {
      entries = entries.filter((e) => e.id !== 'e2');
      return json({ success: true });
    },
    'DELETE /api/members/me/preferences': () => {
      entries = [];
      return json({ success: true });
    },
    'PUT /api/members/me/preferences/paused': (request) => {
      paused = (request.body as { paused: boolean }).paused;
      return memory();
    },
  });
}

describe('What We Remember', () => {
  it('groups every entry by kind with where it came from, the sensitive ones marked', async () => {
    server();
    renderWithProviders(<WhatWeRemember />);
    const allergies = await screen.findByRole('list', { name: 'Allergies' });
    expect(within(allergies).getByText('Wife: shellfish allergy')).toBeInTheDocument();
    expect(within(allergies).getByText('Private')).toBeInTheDocument();
    expect(within(allergies).getByText(/From our conversation/)).toBeInTheDocument();
    const seating = screen.getByRole('list', { name: 'Seating' });
    expect(within(seating).queryByText('Private')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Hotels and Rooms' })).getByText(/Added by Sophie/),
    ).toBeInTheDocument();
    // In the club's order of kinds: allergies before seating before hotels.
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(['Allergies', 'Seating', 'Hotels and Rooms']);
    expect(screen.getByRole('switch', { name: 'Remember what I tell the concierge' })).toBeChecked();
  });

  it('adds, changes and forgets an entry', async () => {
    const calls = server();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<WhatWeRemember />);

    await screen.findByRole('list', { name: 'Seating' });
    await user.click(screen.getByRole('button', { name: 'Add a Preference' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: 'What it is about' }));
    await user.click(await screen.findByTitle('Flights and Cabin'));
    await user.type(within(dialog).getByLabelText('What we should remember'), 'Never before 10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Remember' }));
    expect(await screen.findByRole('list', { name: 'Flights and Cabin' })).toHaveTextContent('Never before 10:00');
    expect(calls.callsTo('POST /api/members/me/preferences')[0].body).toEqual({
      kind: 'flights',
      value: 'Never before 10:00',
    });

    await user.click(screen.getByRole('button', { name: 'Edit Terraces' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit What We Remember' });
    const field = within(edit).getByLabelText('What we should remember');
    await user.clear(field);
    await user.type(field, 'Terraces, never by the door');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Terraces, never by the door')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Forget Wife: shellfish allergy' }));
    const confirm = await screen.findByRole('dialog', { name: 'Forget This' });
    await user.click(within(confirm).getByRole('button', { name: 'Forget' }));
    await waitFor(() => expect(screen.queryByText('Wife: shellfish allergy')).not.toBeInTheDocument());
    expect(calls.callsTo('DELETE /api/members/me/preferences/e2')).toHaveLength(1);
  });

  it('forgets everything only once the member confirms', async () => {
    const calls = server();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<WhatWeRemember />);
    await user.click(await screen.findByRole('button', { name: 'Forget Everything' }));
    const confirm = await screen.findByRole('dialog', { name: 'Forget Everything' });
    expect(confirm).toHaveTextContent('all 3 things');
    await user.click(within(confirm).getByRole('button', { name: 'Keep Them' }));
    expect(calls.callsTo('DELETE /api/members/me/preferences')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Forget Everything' }));
    const again = await screen.findByRole('dialog', { name: 'Forget Everything' });
    await user.click(within(again).getByRole('button', { name: 'Forget Everything' }));
    expect(await screen.findByText(/Nothing yet/)).toBeInTheDocument();
    expect(calls.callsTo('DELETE /api/members/me/preferences')).toHaveLength(1);
  });

  it('pauses remembering with the switch, and says what that means', async () => {
    const calls = server();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<WhatWeRemember />);
    const toggle = await screen.findByRole('switch', { name: 'Remember what I tell the concierge' });
    await user.click(toggle);
    expect(await screen.findByText(/nothing new is kept from your conversations/)).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(calls.callsTo('PUT /api/members/me/preferences/paused')[0].body).toEqual({ paused: true });
  });
});
