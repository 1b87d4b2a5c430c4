import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import { installRecognition } from '../testing/fake-speech';
import { ConciergeWidget } from './concierge-widget';

// jsdom has <dialog> without its modal methods.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.open = false;
};

describe('the floating concierge’s message box', () => {
  it('sends with Enter and lets the member type on while a reply is awaited', async () => {
    let answer!: (response: Response) => void;
    const server = fakeServer({ 'POST /api/chat': () => new Promise<Response>((done) => (answer = done)) });
    const user = userEvent.setup();
    renderWithProviders(<ConciergeWidget open onClose={() => undefined} />);
    const box = screen.getByPlaceholderText('Ask anything...');
    // No microphone where the browser cannot listen.
    expect(screen.queryByRole('button', { name: 'Voice input' })).not.toBeInTheDocument();

    await user.type(box, 'A yacht in Monaco{Enter}');
    expect(box).toHaveValue('');
    expect(await screen.findByText('Crafting your personalized response...')).toBeInTheDocument();
    expect(server.callsTo('POST /api/chat')[0].body).toMatchObject({ message: 'A yacht in Monaco' });
    await user.type(box, 'With a chef');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();

    answer(json({ success: true, data: { response: 'Certainly, a yacht.', timestamp: new Date().toISOString() } }));
    expect(await screen.findByText('Certainly, a yacht.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('offers its microphone where the browser can listen, and tells of listening in its own notice', async () => {
    installRecognition();
    const user = userEvent.setup();
    renderWithProviders(<ConciergeWidget open onClose={() => undefined} />);
    const microphone = screen.getByRole('button', { name: 'Voice input' });
    expect(microphone).toHaveAttribute('aria-pressed', 'false');
    await user.click(microphone);
    expect(await screen.findByText('Listening... Speak now')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop listening' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Voice Input Active')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Ask anything...')).toBeDisabled();
  });

  it('shows every fact it understood as a chip, none hidden in a row to scroll, with the follow-up next for the keyboard', async () => {
    const id = '3f1e8c52-4f6e-4b8f-9a52-0d7f1c2b3a4d';
    const parsedEntities = {
      mainCategory: 'transportation',
      location: 'Monaco',
      timeline: 'next weekend',
      urgency: 'medium',
      budget: '€50,000',
      preferences: ['yacht', 'chef'],
    };
    const now = new Date().toISOString();
    fakeServer({
      'POST /api/chat': () =>
        json({ success: true, data: { response: 'A yacht, certainly.', timestamp: now, requestId: id } }),
      [`GET /api/user-requests/${id}`]: () =>
        json({
          success: true,
          data: {
            request: {
              id,
              sessionId: 's',
              threadId: null,
              text: 'A yacht in Monaco',
              status: 'received',
              closedReason: null,
              mergedInto: null,
              parsedEntities,
              options: [],
              acceptedOptionId: null,
              firstResponseAt: null,
              createdAt: now,
              updatedAt: now,
            },
          },
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ConciergeWidget open onClose={() => undefined} />);
    await user.type(screen.getByPlaceholderText('Ask anything...'), 'A yacht in Monaco{Enter}');

    const strip = await screen.findByRole('region', { name: 'Understanding your preferences' });
    const chips = await within(strip).findAllByRole('listitem');
    expect(chips.map((chip) => chip.textContent)).toEqual([
      'Location: Monaco',
      'Timeline: next weekend',
      'Urgency: medium',
      'Budget: €50,000',
      'yacht',
      'chef',
    ]);
    // The chips wrap: their list is no scrolling region, so it asks for no stop of its own.
    expect(within(strip).getByRole('list')).not.toHaveAttribute('tabindex');
    screen.getByRole('button', { name: 'Close' }).focus();
    await user.tab();
    expect(within(strip).getByRole('button', { name: 'Generate follow-up question' })).toHaveFocus();
  });
});
