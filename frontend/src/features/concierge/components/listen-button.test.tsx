import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/render';
import { installSpeech } from '../testing/fake-speech';
import { ListenButton } from './listen-button';

function twoMessages() {
  return renderWithProviders(
    <>
      <article aria-label="A">
        <ListenButton content="Reply **A**" />
      </article>
      <article aria-label="B">
        <ListenButton content="Reply B" />
      </article>
    </>,
  );
}

describe('Listen / Stop', () => {
  it('is not offered where the browser cannot speak', () => {
    renderWithProviders(<ListenButton content="Hello" />);
    expect(screen.queryByRole('button', { name: /listen/i })).not.toBeInTheDocument();
  });

  it('reads a reply, and Stop silences it', async () => {
    const synth = installSpeech({ voices: [{ name: 'Samantha', lang: 'en-US' }] });
    const user = userEvent.setup();
    renderWithProviders(<ListenButton content="Reply **A**" />);
    await user.click(screen.getByRole('button', { name: /listen/i }));
    await waitFor(() => expect(synth.current?.text).toBe('Reply A'));
    await user.click(screen.getByRole('button', { name: /stop/i }));
    expect(synth.current).toBeNull();
    expect(screen.getByRole('button', { name: /listen/i })).toBeInTheDocument();
  });

  it('switches to another message without the first one cutting it off', async () => {
    const synth = installSpeech({ voices: [{ name: 'Samantha', lang: 'en-US' }] });
    const user = userEvent.setup();
    twoMessages();
    const a = within(screen.getByRole('article', { name: 'A' }));
    const b = within(screen.getByRole('article', { name: 'B' }));
    await user.click(a.getByRole('button', { name: /listen/i }));
    await waitFor(() => expect(synth.current?.text).toBe('Reply A'));

    await user.click(b.getByRole('button', { name: /listen/i }));
    await waitFor(() => expect(synth.current?.text).toBe('Reply B'));
    expect(a.getByRole('button', { name: /listen/i })).toBeInTheDocument();
    expect(b.getByRole('button', { name: /stop/i })).toBeInTheDocument();
    // A's button went back to Listen; nothing it did afterwards stopped B.
    await new Promise((r) => setTimeout(r, 20));
    expect(synth.current?.text).toBe('Reply B');

    synth.finish();
    await waitFor(() => expect(b.getByRole('button', { name: /listen/i })).toBeInTheDocument());
  });

  it('stops its own reading when its message leaves the page, and only its own', async () => {
    const synth = installSpeech({ voices: [{ name: 'Samantha', lang: 'en-US' }] });
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<ListenButton content="Leaving" />);
    await user.click(screen.getByRole('button', { name: /listen/i }));
    await waitFor(() => expect(synth.current?.text).toBe('Leaving'));
    unmount();
    expect(synth.current).toBeNull();
  });
});
