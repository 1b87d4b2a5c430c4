import { act, renderHook, waitFor } from '@testing-library/react';
import { vi } from 'vitest';
import { fakeServer, json } from '../../../testing/fake-server';
import { STORAGE_KEYS } from '../api/concierge';
import { message, type ChatThread } from './thread-store';
import { useThreads } from './use-threads';

const at = '2026-03-10T19:00:00.000Z';

function cached(id: string, synced: boolean): ChatThread {
  return { id, title: `Thread ${id}`, createdAt: at, updatedAt: at, synced, messages: [message('system', 'persona')] };
}

function renderThreads(enabled = true) {
  return renderHook(() => useThreads({ brand: 'Maison Fortuna', enabled, onRequestChanged: () => undefined }));
}

describe('the member’s threads', () => {
  beforeEach(() => localStorage.clear());

  it('gives the server the threads made here while it was out of reach, and drops those deleted elsewhere', async () => {
    localStorage.setItem(
      STORAGE_KEYS.threads,
      JSON.stringify([cached('made-offline', false), cached('deleted', true)]),
    );
    const server = fakeServer({
      'GET /api/concierge/threads': () => json({ success: true, data: [] }),
      'POST /api/concierge/threads': () => json({ success: true }, 201),
    });
    const { result } = renderThreads();

    await waitFor(() => expect(result.current.list).toMatchObject([{ id: 'made-offline', synced: true }]));
    expect(server.callsTo('POST /api/concierge/threads').map((r) => r.body)).toEqual([
      { id: 'made-offline', title: 'Thread made-offline' },
    ]);
  });

  it('keeps a title given here against an older copy from the server, until the server confirms it', async () => {
    localStorage.setItem(STORAGE_KEYS.threads, JSON.stringify([cached('t1', true)]));
    let confirm!: () => void;
    fakeServer({
      'POST /api/concierge/threads': () => json({ success: true }),
      'PATCH /api/concierge/threads/t1': () => new Promise((done) => (confirm = () => done(json({ success: true })))),
      'GET /api/concierge/threads/t1': () =>
        json({ success: true, data: { id: 't1', title: 'Thread t1', createdAt: at, updatedAt: at, messages: [] } }),
    });
    const { result } = renderThreads(false);

    act(() => result.current.retitle('t1', 'Grand Prix weekend'));
    await waitFor(() => expect(confirm).toBeDefined());
    await act(() => result.current.reload('t1'));
    expect(result.current.list[0].title).toBe('Grand Prix weekend');

    // Confirmed: the server's copies speak for the title again.
    confirm();
    await waitFor(async () => {
      await act(() => result.current.reload('t1'));
      expect(result.current.list[0].title).toBe('Thread t1');
    });
  });

  it('closes the live updates for good and tells the page when the member’s session ends', async () => {
    /** The browser's EventSource at the network edge: the frames the server would send, by name. */
    const opened: Array<{ url: string; closed: boolean; listeners: Map<string, () => void> }> = [];
    class FakeEventSource {
      readonly entry = { url: '', closed: false, listeners: new Map<string, () => void>() };
      constructor(url: string) {
        this.entry.url = url;
        opened.push(this.entry);
      }
      addEventListener(name: string, listener: () => void) {
        this.entry.listeners.set(name, listener);
      }
      close() {
        this.entry.closed = true;
      }
    }
    vi.stubGlobal('EventSource', FakeEventSource);
    fakeServer({ 'GET /api/concierge/threads': () => json({ success: true, data: [] }) });
    const ended = vi.fn();
    renderHook(() =>
      useThreads({ brand: 'Maison Fortuna', enabled: true, onRequestChanged: () => undefined, onSessionEnded: ended }),
    );
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0].url).toBe('/api/concierge/events');
    expect(ended).not.toHaveBeenCalled();

    act(() => opened[0].listeners.get('session.ended')?.());
    expect(ended).toHaveBeenCalledTimes(1);
    expect(opened[0].closed).toBe(true);
    vi.unstubAllGlobals();
  });
});
