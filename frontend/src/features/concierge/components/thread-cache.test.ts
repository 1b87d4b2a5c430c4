import {
  appendMessage,
  createThread,
  dropDeletedElsewhere,
  mergeServerThread,
  message,
  messageIds,
  replaceFrom,
  type ChatThread,
} from './thread-store';

const BRAND = 'Maison Fortuna';

describe('the browser cache reconciled with the server’s threads', () => {
  it('takes the server’s title and messages, keeps the persona first, and marks the thread synced', () => {
    const { threads, thread } = createThread([], BRAND);
    const local = appendMessage(threads, thread.id, message('user', 'A table tonight'));
    const merged = mergeServerThread(
      local,
      {
        id: thread.id,
        title: 'Dinner in Paris',
        createdAt: thread.createdAt,
        updatedAt: '2026-03-01T10:00:00.000Z',
        messages: [
          { ...message('user', 'A table tonight'), status: 'complete' },
          { ...message('assistant', 'Certainly.'), status: 'complete' },
        ],
      },
      BRAND,
    );
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ title: 'Dinner in Paris', synced: true });
    expect(merged[0].messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant']);
    expect(merged[0].messages[0].content).toContain(BRAND);
  });

  it('keeps what this browser wrote while the server held no message of the thread', () => {
    const { threads, thread } = createThread([], BRAND);
    const local = appendMessage(threads, thread.id, message('user', 'Written offline'));
    const merged = mergeServerThread(local, { ...thread, messages: [] }, BRAND);
    expect(merged[0].messages.map((m) => m.content)).toContain('Written offline');
  });

  it('keeps, after the server’s messages, a message sent while the server’s copy was on its way', () => {
    const { threads, thread } = createThread([], BRAND);
    const asked = message('user', 'A table tonight');
    const before = appendMessage(threads, thread.id, asked);
    const knownWhenAsked = messageIds(before).get(thread.id);
    const sent = message('user', 'And a car, please');
    const now = appendMessage(before, thread.id, sent);
    const copy = {
      ...thread,
      title: 'Dinner in Paris',
      updatedAt: '2026-03-01T10:00:00.000Z',
      messages: [asked, { ...message('assistant', 'Certainly.'), status: 'complete' as const }],
    };
    const merged = mergeServerThread(now, copy, BRAND, knownWhenAsked);
    expect(merged[0].title).toBe('Dinner in Paris');
    expect(merged[0].messages.map((m) => m.content).slice(1)).toEqual([
      'A table tonight',
      'Certainly.',
      'And a car, please',
    ]);
    // A message the server lacks that was cached before the copy was asked for is the server's to drop.
    expect(mergeServerThread(now, copy, BRAND, messageIds(now).get(thread.id))[0].messages).toHaveLength(3);
  });

  it('drops a synced thread the server no longer holds (deleted in another tab), never one it has not seen', () => {
    const synced: ChatThread = { ...createThread([], BRAND).thread, id: 'gone', synced: true };
    const offline: ChatThread = { ...createThread([], BRAND).thread, id: 'offline' };
    const kept: ChatThread = { ...createThread([], BRAND).thread, id: 'kept', synced: true };
    expect(dropDeletedElsewhere([synced, offline, kept], new Set(['kept'])).map((t) => t.id)).toEqual([
      'offline',
      'kept',
    ]);
  });

  it('replaces an edited message and every later one', () => {
    const { threads, thread } = createThread([], BRAND);
    const first = message('user', 'A table tonight');
    let next = appendMessage(threads, thread.id, first);
    next = appendMessage(next, thread.id, message('assistant', 'Certainly.'));
    next = replaceFrom(next, thread.id, first.id, message('user', 'A terrace tonight'));
    expect(next[0].messages.map((m) => m.content).slice(1)).toEqual(['A terrace tonight']);
  });
});
