import { setViewportWidth, watchDeprecations } from '../../../testing/browser';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import { STORAGE_KEYS } from '../api/concierge';
import { ConciergeChatPage } from './concierge-chat-page';
import { message, type ChatThread } from './thread-store';

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

function sse(frames: string[]): Response {
  return new Response(frames.join(''), { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

function reply(content: string): Response {
  return sse([
    frame('delta', { content }),
    frame('done', {
      message: { id: crypto.randomUUID(), role: 'assistant', content, createdAt: new Date().toISOString() },
    }),
  ]);
}

function renderChat() {
  localStorage.setItem(STORAGE_KEYS.authenticated, 'true');
  const router = createMemoryRouter(
    [
      { path: '/concierge', element: <ConciergeChatPage /> },
      { path: '/concierge-auth', element: <h1>Password screen</h1> },
    ],
    { initialEntries: ['/concierge'] },
  );
  return { router, ...renderWithProviders(<RouterProvider router={router} />) };
}

const session = () => json({ success: true, data: { authenticated: true } });
const title = () => json({ success: true, data: { title: 'Dinner Reservation in Paris' } });

describe('the threaded concierge', () => {
  let deprecations: string[];
  beforeEach(() => {
    localStorage.clear();
    setViewportWidth(1440);
    deprecations = watchDeprecations();
  });
  afterEach(() => expect(deprecations).toEqual([]));

  it('welcomes the member once, in an empty state that begins "Welcome to {brand} Concierge"', async () => {
    fakeServer({ 'GET /api/concierge/session': session });
    renderChat();
    const heading = await screen.findByRole('heading', { name: 'Welcome to Maison Fortuna Concierge' });
    const emptyState = heading.parentElement!;
    expect(emptyState.textContent).toMatch(/^Welcome to Maison Fortuna Concierge/);
    expect(emptyState.textContent!.match(/Welcome to Maison Fortuna Concierge/g)).toHaveLength(1);
    expect(screen.getByText('No conversations yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Maison Fortuna Concierge');
  });

  it('sends only the member’s new message of a long thread, so the thread stays usable', async () => {
    const now = new Date().toISOString();
    const long: ChatThread = {
      id: 'long',
      title: 'A long affair',
      createdAt: now,
      updatedAt: now,
      messages: [
        message('system', 'persona'),
        ...Array.from({ length: 260 }, (_, i) => message(i % 2 ? 'assistant' : 'user', `turn ${i}`)),
      ],
    };
    localStorage.setItem(STORAGE_KEYS.threads, JSON.stringify([long]));
    const server = fakeServer({
      'GET /api/concierge/session': session,
      'POST /api/chat/stream': () => reply('### Noted'),
    });
    const user = userEvent.setup();
    renderChat();
    await user.type(await screen.findByPlaceholderText('Type a message...'), 'One more thing{Enter}');
    expect(await screen.findByRole('heading', { name: 'Noted' })).toBeInTheDocument();
    const sent = server.callsTo('POST /api/chat/stream')[0].body as Record<string, unknown>;
    // The server answers the thread as it holds it: the browser sends the new message alone.
    expect(sent).toEqual({ threadId: 'long', message: 'One more thing', userMessageId: expect.any(String) });
    // The whole thread is still kept in the browser.
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.threads)!) as ChatThread[];
    expect(stored[0].messages).toHaveLength(263);
  });

  it('shows the error box titled "Error" with the server’s message when a reply fails', async () => {
    fakeServer({
      'GET /api/concierge/session': session,
      'POST /api/chat/title': title,
      'POST /api/chat/stream': () =>
        sse([frame('error', { error: 'The concierge is unavailable right now. Please try again in a moment.' })]),
    });
    const user = userEvent.setup();
    renderChat();
    await user.type(await screen.findByPlaceholderText('Type a message...'), 'Dinner in Paris{Enter}');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error')).toBeInTheDocument();
    expect(
      within(alert).getByText('The concierge is unavailable right now. Please try again in a moment.'),
    ).toBeInTheDocument();
  });

  it('sends the member back to the password screen when the server says the session has ended', async () => {
    fakeServer({
      'GET /api/concierge/session': session,
      'POST /api/chat/title': () =>
        json({ success: false, error: 'Your concierge session has ended. Please enter the password again.' }, 401),
      'POST /api/chat/stream': () =>
        json({ success: false, error: 'Your concierge session has ended. Please enter the password again.' }, 401),
    });
    const user = userEvent.setup();
    const { router } = renderChat();
    await user.type(await screen.findByPlaceholderText('Type a message...'), 'Dinner in Paris{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/concierge-auth'));
    expect(localStorage.getItem(STORAGE_KEYS.authenticated)).toBeNull();
  });

  it('keeps the conversations in a drawer on a small screen', async () => {
    setViewportWidth(375);
    fakeServer({ 'GET /api/concierge/session': session });
    const user = userEvent.setup();
    renderChat();
    await user.click(await screen.findByRole('button', { name: 'Show conversations' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('heading', { name: 'Conversations' })).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Maison Fortuna' })).toHaveAttribute('href', '/');
    await user.click(within(drawer).getByRole('button', { name: /New Conversation/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('New Conversation');
    // The header's room goes to the title: the house's name is in the drawer, not beside the title.
    expect(screen.queryByRole('link', { name: 'Maison Fortuna' })).not.toBeInTheDocument();
  });

  it('names the house beside the title on a wide screen', async () => {
    fakeServer({ 'GET /api/concierge/session': session });
    renderChat();
    expect(await screen.findByRole('link', { name: 'Maison Fortuna' })).toHaveAttribute('href', '/');
  });
});

/** A value the test hands over when it chooses: a server that has not answered yet. */
function later<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/** An event stream the test writes frame by frame, as the server writes a reply. */
function liveStream(headers: Record<string, string> = {}) {
  const encoder = new TextEncoder();
  let writer!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (controller) => void (writer = controller) });
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream', ...headers } }),
    write: (id: number, event: string, data: unknown) =>
      writer.enqueue(encoder.encode(`id: ${id}\n${frame(event, data)}`)),
    end: () => writer.close(),
  };
}

const at = '2026-03-10T19:00:00.000Z';
const persona = { ...message('system', 'persona'), id: 'persona' };
const asked = { id: 'u1', role: 'user', content: 'A table tonight', createdAt: at } as const;

/** Dinner in Paris, as this browser cached it, and as the server holds it (its title and messages). */
function cachedThread(messages: ChatThread['messages']): ChatThread {
  return { id: 't1', title: 'Dinner', createdAt: at, updatedAt: at, synced: true, messages: [persona, ...messages] };
}
function serverThread(messages: unknown[]) {
  return json({ success: true, data: { id: 't1', title: 'Dinner in Paris', createdAt: at, updatedAt: at, messages } });
}
const listed = () =>
  json({ success: true, data: [{ id: 't1', title: 'Dinner in Paris', createdAt: at, updatedAt: at }] });

describe('a reply across reloads, and the server’s copy of a thread', () => {
  let deprecations: string[];
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    setViewportWidth(1440);
    deprecations = watchDeprecations();
  });
  afterEach(() => expect(deprecations).toEqual([]));

  it('resumes a reply still being written after a reload from the last frame seen, and shows its text once', async () => {
    const writing = { id: 'r1', role: 'assistant', content: '', createdAt: at, status: 'streaming' } as const;
    localStorage.setItem(STORAGE_KEYS.threads, JSON.stringify([cachedThread([asked, writing])]));
    sessionStorage.setItem(
      'mf.concierge.streaming',
      JSON.stringify({ messageId: 'r1', frameId: 2, content: 'Certainly, a table' }),
    );
    const stream = liveStream();
    const server = fakeServer({
      'GET /api/concierge/session': session,
      'GET /api/concierge/threads': listed,
      'GET /api/concierge/threads/t1': () => serverThread([asked, { ...writing, content: 'Certainly, a table' }]),
      'GET /api/chat/stream/r1': () => stream.response,
    });
    renderChat();

    const bubble = await screen.findByText('Certainly, a table');
    expect(bubble.closest('article')).toHaveAttribute('aria-busy', 'true');
    expect(server.callsTo('GET /api/chat/stream/r1').map((r) => r.url)).toEqual(['/api/chat/stream/r1?after=2']);

    stream.write(3, 'delta', { content: ' for two' });
    expect(await screen.findByText('Certainly, a table for two')).toBeInTheDocument();
    stream.write(4, 'done', { message: { ...writing, content: 'Certainly, a table for two', status: 'complete' } });
    stream.end();

    await waitFor(() => expect(screen.queryByRole('article', { busy: true })).not.toBeInTheDocument());
    const messages = within(screen.getByRole('region', { name: 'Messages' }));
    expect(messages.getAllByText(/Certainly, a table/).map((node) => node.textContent)).toEqual([
      'Certainly, a table for two',
    ]);
    expect(sessionStorage.getItem('mf.concierge.streaming')).toBeNull();
  });

  it('reloads the server’s copy of the thread when the reply it would resume ended long ago', async () => {
    const writing = { id: 'r1', role: 'assistant', content: '', createdAt: at, status: 'streaming' } as const;
    localStorage.setItem(STORAGE_KEYS.threads, JSON.stringify([cachedThread([asked, writing])]));
    const server = fakeServer({
      'GET /api/concierge/session': session,
      // The list is slow to come: only the resume's answer makes the page read the thread.
      'GET /api/concierge/threads': () => new Promise<Response>(() => undefined),
      'GET /api/chat/stream/r1': () => json({ success: false, error: 'Not found' }, 404),
      'GET /api/concierge/threads/t1': () =>
        serverThread([asked, { ...writing, content: 'A table for two at eight.', status: 'complete' }]),
    });
    renderChat();

    expect(await screen.findByText('A table for two at eight.')).toBeInTheDocument();
    expect(screen.queryByRole('article', { busy: true })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(server.callsTo('GET /api/chat/stream/r1')).toHaveLength(1);
    expect(server.callsTo('GET /api/concierge/threads/t1')).toHaveLength(1);
  });

  it('takes the server’s copy of a thread without losing a message sent while it was on its way', async () => {
    const answered = { id: 'a1', role: 'assistant', content: 'Certainly.', createdAt: at, status: 'complete' } as const;
    localStorage.setItem(STORAGE_KEYS.threads, JSON.stringify([cachedThread([asked, answered])]));
    const copy = later<Response>();
    const server = fakeServer({
      'GET /api/concierge/session': session,
      'GET /api/concierge/threads': listed,
      'GET /api/concierge/threads/t1': () => copy.promise,
      'POST /api/chat/stream': () => reply('A driver will be waiting.'),
    });
    const user = userEvent.setup();
    renderChat();
    await waitFor(() => expect(server.callsTo('GET /api/concierge/threads/t1')).toHaveLength(1));

    await user.type(await screen.findByPlaceholderText('Type a message...'), 'And a car, please{Enter}');
    expect(await screen.findByText('A driver will be waiting.')).toBeInTheDocument();
    // The copy was read before the message reached the server.
    copy.resolve(serverThread([asked, answered]));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dinner in Paris' })).toBeInTheDocument();
    const shown = screen.getAllByRole('article').map((article) => article.getAttribute('data-role'));
    expect(shown).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(screen.getByText('And a car, please')).toBeInTheDocument();
    expect(screen.getByText('A driver will be waiting.')).toBeInTheDocument();
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.threads)!) as ChatThread[];
    expect(stored[0].messages.map((m) => m.content).slice(1)).toEqual([
      'A table tonight',
      'Certainly.',
      'And a car, please',
      'A driver will be waiting.',
    ]);
  });

  it('stops a reply once its id arrives when Stop was pressed before', async () => {
    const opened = later<Response>();
    const stream = liveStream({ 'X-Message-Id': 'r9' });
    const server = fakeServer({
      'GET /api/concierge/session': session,
      'POST /api/chat/title': title,
      'POST /api/chat/stream': () => opened.promise,
      'POST /api/chat/stream/r9/stop': () => json({ success: true }),
    });
    const user = userEvent.setup();
    renderChat();
    await user.type(await screen.findByPlaceholderText('Type a message...'), 'A villa in Mykonos{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Stop' }));
    expect(server.callsTo('POST /api/chat/stream/r9/stop')).toHaveLength(0);

    opened.resolve(stream.response);
    await waitFor(() => expect(server.callsTo('POST /api/chat/stream/r9/stop')).toHaveLength(1));
    stream.write(1, 'delta', { content: 'A villa' });
    stream.write(2, 'done', {
      message: { id: 'r9', role: 'assistant', content: 'A villa', createdAt: at, status: 'stopped' },
    });
    stream.end();

    expect(await screen.findByText('Stopped')).toBeInTheDocument();
    expect(server.callsTo('POST /api/chat/stream/r9/stop')).toHaveLength(1);
  });
});
