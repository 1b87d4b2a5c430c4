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
    await user.click(within(drawer).getByRole('button', { name: /New Conversation/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('New Conversation');
  });
});
