import { screen } from '@testing-library/react';
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
});
