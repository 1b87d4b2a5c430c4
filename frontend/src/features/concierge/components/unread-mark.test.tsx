import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { forgetLinkedThread, linkedThread } from './linked-thread';
import { ThreadList } from './thread-list';
import type { ChatThread } from './thread-store';

const at = new Date().toISOString();
const YACHT = '11111111-1111-4111-8111-111111111111';
const VILLA = '22222222-2222-4222-8222-222222222222';
const thread = (id: string, title: string): ChatThread => ({ id, title, messages: [], createdAt: at, updatedAt: at });

function list(unread: ReadonlySet<string> | undefined, activeId: string | null) {
  const noop = () => undefined;
  return renderWithProviders(
    <ThreadList
      threads={[thread(YACHT, 'A yacht in Monaco'), thread(VILLA, 'A villa in Lisbon')]}
      activeId={activeId}
      onSelect={noop}
      onNew={noop}
      onRename={noop}
      onDelete={noop}
      onSignOut={noop}
      unread={unread}
    />,
  );
}

describe('unread marks in the conversations list', () => {
  it('marks a conversation with news, with a label a screen reader reads, but not the one on screen', () => {
    list(new Set([YACHT, VILLA]), VILLA);
    const yacht = screen.getByRole('button', { name: 'A yacht in Monaco' }).closest('li')!;
    expect(within(yacht).getByRole('img', { name: 'New from your concierge' })).toBeInTheDocument();
    const villa = screen.getByRole('button', { name: 'A villa in Lisbon' }).closest('li')!;
    expect(within(villa).queryByRole('img', { name: 'New from your concierge' })).toBeNull();
  });

  it('shows no marks without news (or for a house-password session)', () => {
    list(undefined, null);
    expect(screen.queryByRole('img', { name: 'New from your concierge' })).toBeNull();
  });
});

describe('the conversation an email links to', () => {
  beforeEach(() => forgetLinkedThread());

  it('is remembered through a sign-in, for an hour, and forgotten once the concierge opens', () => {
    const now = Date.now();
    expect(linkedThread(`?thread=${YACHT}`, now)).toBe(YACHT);
    // Back on /concierge after signing in: the address no longer names it.
    expect(linkedThread('', now + 5 * 60_000)).toBe(YACHT);
    expect(linkedThread('', now + 61 * 60_000)).toBeNull();
    expect(linkedThread(`?thread=${YACHT}`, now)).toBe(YACHT);
    forgetLinkedThread();
    expect(linkedThread('', now)).toBeNull();
  });

  it('ignores an address that names no conversation', () => {
    expect(linkedThread('?thread=../../admin', Date.now())).toBeNull();
    expect(linkedThread('', Date.now())).toBeNull();
  });
});
