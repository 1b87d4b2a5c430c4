import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/render';
import { installRecognition } from '../testing/fake-speech';
import { ChatInput, type ChatInputLook } from './chat-input';
import { conciergeInputLook } from './concierge-input-look';
import { useVoiceToasts } from './use-voice-toasts';

type InputProps = Omit<Parameters<typeof ChatInput>[0], 'look' | 'onVoiceNotice'>;

/** The box as /concierge draws it: Ant Design buttons, voice with toasts. */
function ConciergeInput(props: InputProps) {
  const voiceToasts = useVoiceToasts();
  return <ChatInput look={conciergeInputLook} onVoiceNotice={voiceToasts} {...props} />;
}

function renderInput(props: Partial<InputProps> = {}) {
  const onSend = vi.fn();
  renderWithProviders(<ConciergeInput onSend={onSend} loading={false} {...props} />);
  return { onSend, box: screen.getByPlaceholderText('Type a message...') as HTMLTextAreaElement };
}

describe('the message box', () => {
  it('sends with Enter, adds a line with Shift+Enter, and clears after a send', async () => {
    const user = userEvent.setup();
    const { onSend, box } = renderInput();
    await user.type(box, 'A table for two{Shift>}{Enter}{/Shift}tonight');
    expect(box.value).toBe('A table for two\ntonight');
    expect(onSend).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('A table for two\ntonight');
    expect(box.value).toBe('');
  });

  it('sends nothing blank, and nothing while a reply is pending', async () => {
    const user = userEvent.setup();
    const { onSend, box } = renderInput();
    await user.type(box, '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('offers Stop in place of Send while a reply streams', async () => {
    const onStop = vi.fn();
    const user = userEvent.setup();
    renderInput({ loading: true, onStop });
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(onStop).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
  });

  it('while disabled, takes no text, no voice and no send (the session chat while it sends)', () => {
    const { box } = renderInput({ loading: true, disabled: true });
    expect(box).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Voice input' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('draws the buttons of a place’s own look, and its own placeholder, with the same keys', async () => {
    const onSend = vi.fn();
    const plain: ChatInputLook = {
      classNames: { bar: 'bar', listening: 'listening', row: 'row', textarea: 'textarea' },
      SendButton: ({ onClick, disabled }) => (
        <button type="button" aria-label="Send" onClick={onClick} disabled={disabled}>
          →
        </button>
      ),
    };
    const user = userEvent.setup();
    renderWithProviders(<ChatInput look={plain} onSend={onSend} loading={false} placeholder="Ask anything..." />);
    const box = screen.getByPlaceholderText('Ask anything...');
    expect(screen.queryByRole('button', { name: 'Voice input' })).not.toBeInTheDocument();
    await user.type(box, 'A yacht{Shift>}{Enter}{/Shift}in Monaco{Enter}');
    expect(onSend).toHaveBeenCalledWith('A yacht\nin Monaco');
    await user.type(box, 'And a driver');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenLastCalledWith('And a driver');
  });

  it('grows with its text from 40 px to at most 120 px', () => {
    let contentHeight = 18;
    const scrollHeight = vi
      .spyOn(HTMLTextAreaElement.prototype, 'scrollHeight', 'get')
      .mockImplementation(() => contentHeight);
    const { box } = renderInput();
    expect(box.style.height).toBe('40px');
    contentHeight = 84;
    fireEvent.change(box, { target: { value: 'one\ntwo\nthree' } });
    expect(box.style.height).toBe('84px');
    contentHeight = 400;
    fireEvent.change(box, { target: { value: 'many\nlines\n'.repeat(20) } });
    expect(box.style.height).toBe('120px');
    scrollHeight.mockRestore();
  });
});

describe('voice input', () => {
  it('says so when the browser has no speech recognition', async () => {
    const user = userEvent.setup();
    renderInput();
    await user.click(screen.getByRole('button', { name: 'Voice input' }));
    expect(await screen.findByText('Voice Input Not Available')).toBeInTheDocument();
    expect(screen.getByText("Your browser doesn't support voice input. Please type your request.")).toBeInTheDocument();
  });

  it('listens for one utterance in en-US and appends what was heard to the text', async () => {
    const recognitions = installRecognition();
    const user = userEvent.setup();
    const { box } = renderInput();
    await user.type(box, 'A villa');
    await user.click(screen.getByRole('button', { name: 'Voice input' }));
    expect(await screen.findByText('Voice Input Active')).toBeInTheDocument();
    expect(screen.getByText('Please speak clearly. Your voice will be converted to text.')).toBeInTheDocument();
    expect(screen.getByText('Listening... Speak now')).toBeInTheDocument();
    expect(box).toBeDisabled();
    const [recognition] = recognitions;
    expect(recognition).toMatchObject({ lang: 'en-US', continuous: false, interimResults: false, started: true });

    recognition.hear('in Mykonos next weekend');
    await waitFor(() => expect(box.value).toBe('A villa in Mykonos next weekend'));
    expect(screen.queryByText('Listening... Speak now')).not.toBeInTheDocument();
  });

  it('shows the error toast and stops listening when recognition fails', async () => {
    const recognitions = installRecognition();
    const user = userEvent.setup();
    renderInput();
    await user.click(screen.getByRole('button', { name: 'Voice input' }));
    await screen.findByText('Listening... Speak now');
    recognitions[0].fail();
    expect(await screen.findByText('Voice Input Error')).toBeInTheDocument();
    expect(
      screen.getByText('Could not capture your voice. Please try again or type your request.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Listening... Speak now')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Voice input' })).toBeInTheDocument();
  });

  it('shows the error toast, and is ready again, when recognition cannot even start', async () => {
    installRecognition({ startThrows: true });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { box } = renderInput();
    await user.click(screen.getByRole('button', { name: 'Voice input' }));
    expect(await screen.findByText('Voice Input Error')).toBeInTheDocument();
    expect(screen.queryByText('Voice Input Active')).not.toBeInTheDocument();
    expect(screen.queryByText('Listening... Speak now')).not.toBeInTheDocument();
    expect(box).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Voice input' })).toBeInTheDocument();
  });
});
