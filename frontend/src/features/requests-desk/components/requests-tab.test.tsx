vi.setConfig({ testTimeout: 60_000 });
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_AUTH_KEY, basicHeader } from '../../../api/admin-client';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import type { StaffCard, StaffDetail } from '../api/desk';
import RequestsTab from './requests-tab';

const at = '2026-11-27T09:00:00.000Z';
const MEMBER_REQUEST = '5b0c3f1e-8a51-4a4e-9f0f-0d3c1b2a7e01';
const GUEST_REQUEST = '5b0c3f1e-8a51-4a4e-9f0f-0d3c1b2a7e02';

function card(id: string, text: string, member: StaffCard['member']): StaffCard {
  return {
    id,
    sessionId: member ? 'member:0b7f3a52-5f55-4d6c-9a51-2f0c3b1d9e01' : 'house-session',
    threadId: '6c1d4e2f-9b62-4b5f-8a10-1e4d2c3b8f01',
    text,
    status: 'received',
    closedReason: null,
    mergedInto: null,
    parsedEntities: null,
    options: [],
    acceptedOptionId: null,
    firstResponseAt: null,
    createdAt: at,
    updatedAt: at,
    lastMemberMessageAt: at,
    handoffAt: null,
    waitingSince: at,
    member,
  };
}

const elena = card(MEMBER_REQUEST, 'A yacht in Monaco next weekend', {
  id: '0b7f3a52-5f55-4d6c-9a51-2f0c3b1d9e01',
  name: 'Elena Marchetti',
  tier: 'voyager',
});
const guest = card(GUEST_REQUEST, 'A table for two in Paris', null);

const detail: StaffDetail = {
  request: { ...elena, history: [{ status: 'received', actor: 'member', actorName: null, note: null, at }] },
  card: elena,
  member: elena.member,
  conversation: [
    {
      id: '7d2e5f30-ac73-4c60-9b21-2f5e3d4c9a01',
      role: 'user',
      content: 'A yacht in Monaco next weekend',
      author: null,
      createdAt: at,
      status: 'complete',
      attachment: null,
      rating: null,
    },
  ],
  ratings: [],
};

beforeEach(() => sessionStorage.setItem(ADMIN_AUTH_KEY, basicHeader('admin', 'secret-pass')));
afterEach(() => sessionStorage.clear());

describe('the requests desk: who asked', () => {
  it('names a member and their tier on the card and in the conversation; a house-password request is a guest session', async () => {
    fakeServer({
      'GET /api/admin/user-requests': () => json({ data: [elena, guest], total: 2 }),
      'GET /api/admin/user-requests/stats': () => json({ data: { medianFirstResponseSeconds: null, answered: 0 } }),
      [`GET /api/admin/user-requests/${MEMBER_REQUEST}`]: () => json({ data: detail }),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<RequestsTab />);

    const memberCard = await screen.findByRole('button', { name: 'Open request: A yacht in Monaco next weekend' });
    expect(within(memberCard).getByTestId('asked-by')).toHaveTextContent('Elena Marchetti · Voyager');
    const guestCard = screen.getByRole('button', { name: 'Open request: A table for two in Paris' });
    expect(within(guestCard).getByTestId('asked-by')).toHaveTextContent('Guest session');

    await user.click(memberCard);
    const drawer = await screen.findByRole('dialog');
    await waitFor(() => expect(within(drawer).getByTestId('asked-by')).toHaveTextContent('Elena Marchetti · Voyager'));
    const conversation = within(drawer).getByRole('region', { name: 'Conversation' });
    expect(within(conversation).getByText(/^Elena Marchetti ·/)).toBeInTheDocument();
  });
});
