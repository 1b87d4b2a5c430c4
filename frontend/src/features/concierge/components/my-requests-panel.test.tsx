import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import type { MemberRequest } from '../api/threads';
import { MyRequestsPanel } from './my-requests-panel';
import { RequestsList } from './requests-list';

const at = '2026-06-01T10:00:00.000Z';

function request(id: string, changes: Partial<MemberRequest>): MemberRequest {
  return {
    id,
    sessionId: 's',
    threadId: null,
    text: 'A villa in Lisbon from 12 to 15 June',
    status: 'received',
    closedReason: null,
    mergedInto: null,
    parsedEntities: {
      mainCategory: 'property',
      location: 'Lisbon, Portugal',
      timeline: 'June 15',
      urgency: 'medium',
      budget: null,
      preferences: ['villa'],
      partySize: null,
      origin: null,
      destination: null,
      occasion: null,
      dietary: [],
      dates: null,
    },
    options: [],
    acceptedOptionId: null,
    firstResponseAt: null,
    createdAt: at,
    updatedAt: at,
    history: [{ status: 'received', actor: 'member', actorName: null, note: null, at }],
    ...changes,
  };
}

const later = request('b1b1b1b1-0000-4000-8000-000000000002', {
  text: 'A villa in Lisbon from 12 to 15 June\nWith a sea view',
  history: [{ status: 'received', actor: 'member', actorName: null, note: 'Includes an earlier request.', at }],
});
const folded = request('a1a1a1a1-0000-4000-8000-000000000001', {
  status: 'cancelled',
  closedReason: 'merged',
  mergedInto: { id: later.id, summary: 'Lisbon, June 15' },
  history: [
    { status: 'received', actor: 'member', actorName: null, note: null, at },
    { status: 'cancelled', actor: 'concierge', actorName: null, note: 'Merged into: Lisbon, June 15', at },
  ],
});
const cancelled = request('c1c1c1c1-0000-4000-8000-000000000003', {
  text: 'Dinner in Paris tonight',
  status: 'cancelled',
  closedReason: 'member',
});

describe('a request the concierge merged into another', () => {
  it('reads as merged in My requests, naming the request it went into, never as cancelled', () => {
    renderWithProviders(
      <MyRequestsPanel requests={[later, folded, cancelled]} onCancel={async () => {}} onAccept={async () => {}} />,
    );
    // The requests are the list's own items (each holds a timeline of its history).
    const [open, merged, theirs] = [...screen.getByRole('list', { name: 'My requests' }).children] as HTMLElement[];
    expect(within(merged).getAllByText('Merged into: Lisbon, June 15')).toHaveLength(2);
    expect(within(merged).getByText('Merged')).toBeInTheDocument();
    expect(within(merged).queryByText('Cancelled')).not.toBeInTheDocument();
    expect(within(merged).queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument();
    expect(within(open).getByText('Includes an earlier request.')).toBeInTheDocument();
    // One the member cancelled still says so.
    expect(within(theirs).getByText('Cancelled')).toBeInTheDocument();
    expect(within(theirs).queryByText(/Merged/)).not.toBeInTheDocument();
  });

  it('reads as merged in the session chat’s list of requests', () => {
    renderWithProviders(<RequestsList requests={[later, folded]} loading={false} />);
    const [open, merged] = screen.getAllByRole('listitem');
    expect(within(merged).getByText('Merged')).toBeInTheDocument();
    expect(within(merged).getByText('Merged into: Lisbon, June 15')).toBeInTheDocument();
    expect(within(open).getByText('Received')).toBeInTheDocument();
    expect(within(open).queryByText(/Merged into/)).not.toBeInTheDocument();
  });
});
