import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import { watchDeprecations } from '../../../testing/browser';
import { SimpleConciergePage } from './simple-concierge-page';

function renderSimple() {
  const router = createMemoryRouter([{ path: '/simple-concierge', element: <SimpleConciergePage /> }], {
    initialEntries: ['/simple-concierge'],
  });
  return renderWithProviders(<RouterProvider router={router} />);
}

async function send(text: string) {
  const user = userEvent.setup();
  const box = await screen.findByPlaceholderText('Type a message...');
  await user.type(box, `${text}{Enter}`);
}

describe('the single-conversation concierge', () => {
  let deprecations: string[];
  beforeEach(() => {
    deprecations = watchDeprecations();
  });
  afterEach(() => expect(deprecations).toEqual([]));

  it('greets, answers on POST /api/chat with the conversation so far, and offers no voice input', async () => {
    const server = fakeServer({
      'POST /api/chat': (request) =>
        json({
          success: true,
          data: {
            response: `### Dining in Paris\n\nReplying to “${(request.body as { message: string }).message}”.`,
            timestamp: '2026-03-10T19:00:00.000Z',
          },
        }),
    });
    renderSimple();
    expect(
      await screen.findByText(
        'Welcome to Maison Fortuna. I am your personal luxury concierge. How may I assist you today?',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Voice input' })).not.toBeInTheDocument();
    expect(screen.queryByText('Conversations')).not.toBeInTheDocument();

    await send('Dinner in Paris');
    expect(await screen.findByRole('heading', { name: 'Dining in Paris' })).toBeInTheDocument();
    await send('For two, please');
    await waitFor(() => expect(server.callsTo('POST /api/chat')).toHaveLength(2));
    expect(server.callsTo('POST /api/chat')[1].body).toMatchObject({
      message: 'For two, please',
      conversationHistory: [
        { role: 'user', content: 'Dinner in Paris' },
        { role: 'assistant', content: expect.stringContaining('Dining in Paris') },
      ],
      sessionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('says "Error: Failed to send message. Please try again." when the server answers with an error status', async () => {
    fakeServer({ 'POST /api/chat': () => json({ success: false, error: 'Internal error' }, 500) });
    renderSimple();
    await send('Dinner in Paris');
    expect(await screen.findByText('Error: Failed to send message. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('says "Failed to get response" when the server answers success false without a reason', async () => {
    fakeServer({ 'POST /api/chat': () => json({ success: false }) });
    renderSimple();
    await send('Dinner in Paris');
    expect(await screen.findByText('Failed to get response')).toBeInTheDocument();
  });

  it('shows the server’s error when it answers success false with one', async () => {
    fakeServer({ 'POST /api/chat': () => json({ success: false, error: 'The concierge is resting.' }) });
    renderSimple();
    await send('Dinner in Paris');
    expect(await screen.findByText('The concierge is resting.')).toBeInTheDocument();
  });
});
