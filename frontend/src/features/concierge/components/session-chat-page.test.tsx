import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { watchDeprecations } from '../../../testing/browser';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import { SessionChatPage } from './session-chat-page';

function renderSession() {
  const router = createMemoryRouter([{ path: '/modern-concierge', element: <SessionChatPage /> }], {
    initialEntries: ['/modern-concierge'],
  });
  return renderWithProviders(<RouterProvider router={router} />);
}

describe('the session chat’s message box', () => {
  let deprecations: string[];
  beforeEach(() => {
    deprecations = watchDeprecations();
  });
  afterEach(() => expect(deprecations).toEqual([]));

  it('sits under the actions, sends with Enter, and keeps text, voice and send waiting while a reply is composed', async () => {
    let answer!: (response: Response) => void;
    const server = fakeServer({
      'GET /api/user-requests': () => json({ success: true, data: [] }),
      'POST /api/chat': () => new Promise<Response>((done) => (answer = done)),
    });
    const user = userEvent.setup();
    renderSession();
    const box = await screen.findByPlaceholderText('Ask a question...');
    const home = screen.getByRole('link', { name: 'Return to homepage' });
    expect(home.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.type(box, 'A quiet table{Shift>}{Enter}{/Shift}for two{Enter}');
    expect(box).toHaveValue('');
    expect(await screen.findByText('Crafting your personalized response...')).toBeInTheDocument();
    expect(box).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Voice input' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(server.callsTo('POST /api/chat')[0].body).toMatchObject({ message: 'A quiet table\nfor two' });

    answer(
      json({ success: true, data: { response: 'Certainly, tonight at eight.', timestamp: new Date().toISOString() } }),
    );
    expect(await screen.findByText('Certainly, tonight at eight.')).toBeInTheDocument();
    expect(box).toBeEnabled();
  });
});
