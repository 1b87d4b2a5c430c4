import { STORAGE_KEYS } from '../api/concierge';
import {
  appendMessage,
  createThread,
  deleteThread,
  dropLastReply,
  groupThreads,
  loadThreads,
  message,
  NEW_THREAD_TITLE,
  renameThread,
  saveThreads,
  type ChatThread,
} from './thread-store';

function thread(id: string, updatedAt: string, title = id): ChatThread {
  return { id, title, messages: [], createdAt: updatedAt, updatedAt };
}

describe('threads in local storage', () => {
  beforeEach(() => localStorage.clear());

  it('are kept under the product key and read back newest first', () => {
    saveThreads([thread('old', '2026-01-01T10:00:00.000Z'), thread('new', '2026-03-01T10:00:00.000Z')]);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.threads)!)).toHaveLength(2);
    expect(STORAGE_KEYS.threads).toBe('mf.concierge.threads');
    expect(loadThreads().map((t) => t.id)).toEqual(['new', 'old']);
  });

  it('read as an empty list, logged, when storage holds something unreadable', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem(STORAGE_KEYS.threads, '{not json');
    expect(loadThreads()).toEqual([]);
    expect(logged).toHaveBeenCalledWith('Could not load conversations', expect.anything());
    localStorage.setItem(STORAGE_KEYS.threads, JSON.stringify({ id: 'x' }));
    expect(loadThreads()).toEqual([]);
  });

  it('log a failed save instead of breaking the page', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const full = {
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    } as unknown as Storage;
    expect(() => saveThreads([], full)).not.toThrow();
    expect(logged).toHaveBeenCalledWith('Could not save conversations', expect.anything());
  });

  it('start as "New Conversation" with the concierge persona as a system message', () => {
    const { threads, thread: created } = createThread([], 'Maison Fortuna');
    expect(threads).toEqual([created]);
    expect(created.title).toBe(NEW_THREAD_TITLE);
    expect(created.title).toBe('New Conversation');
    expect(created.messages).toHaveLength(1);
    expect(created.messages[0].role).toBe('system');
    expect(created.messages[0].content).toContain('sign your responses "Maison Fortuna Concierge"');
  });

  it('move to the top when a message is added', () => {
    const list = [thread('a', '2026-03-02T10:00:00.000Z'), thread('b', '2026-03-01T10:00:00.000Z')];
    const next = appendMessage(list, 'b', message('user', 'Dinner in Paris'));
    expect(next.map((t) => t.id)).toEqual(['b', 'a']);
    expect(next[0].messages.map((m) => m.content)).toEqual(['Dinner in Paris']);
    expect(next[0].updatedAt > list[0].updatedAt).toBe(true);
  });

  it('are renamed only to a non-blank, trimmed title', () => {
    const list = [thread('a', '2026-03-02T10:00:00.000Z', 'Before')];
    expect(renameThread(list, 'a', '  Grand Prix weekend  ')[0].title).toBe('Grand Prix weekend');
    expect(renameThread(list, 'a', '   ')[0].title).toBe('Before');
  });

  it('answer "Thread with ID {id} not found" when appending to or renaming a missing thread', () => {
    expect(() => appendMessage([], 'gone', message('user', 'Hi'))).toThrow('Thread with ID gone not found');
    expect(() => renameThread([], 'gone', 'Title')).toThrow('Thread with ID gone not found');
  });

  it('are deleted, and lose only a last reply on Regenerate', () => {
    const base = appendMessage(
      appendMessage([thread('a', '2026-03-02T10:00:00.000Z')], 'a', message('user', 'Q')),
      'a',
      message('assistant', 'A'),
    );
    expect(dropLastReply(base, 'a')[0].messages.map((m) => m.content)).toEqual(['Q']);
    const endsWithQuestion = appendMessage([thread('b', '2026-03-02T10:00:00.000Z')], 'b', message('user', 'Q'));
    expect(dropLastReply(endsWithQuestion, 'b')).toBe(endsWithQuestion);
    expect(deleteThread(base, 'a')).toEqual([]);
  });
});

describe('the thread list', () => {
  const now = new Date(2026, 2, 10, 9, 0);
  const at = (days: number, hour = 8) => new Date(2026, 2, 10 - days, hour, 30).toISOString();

  it('groups threads by Today, Yesterday and a short month-day date, newest first', () => {
    const groups = groupThreads(
      [
        thread('t1', at(0)),
        thread('t2', at(0, 1)),
        thread('y', at(1, 23)),
        thread('m', at(6)),
        thread('older', at(40)),
      ],
      now,
    );
    expect(groups.map((g) => g.label)).toEqual(['Today', 'Yesterday', 'Mar 4', 'Jan 29']);
    expect(groups[0].threads.map((t) => t.id)).toEqual(['t1', 't2']);
  });
});
