import { speak, toSpeechText } from './speech';
import { installSpeech } from '../testing/fake-speech';

describe('the text read aloud', () => {
  it.each([
    ['Here it is:\n```ts\nconst x = 1;\n```\nDone.', 'Here it is:\n code block omitted. \nDone.'],
    ['See [our partners](https://example.com/partners) or https://example.com now.', 'See our partners or now.'],
    ['<b>Bold</b> and <script>alert(1)</script>tags', 'Bold and alert(1)tags'],
    [
      '**Private aviation**, *quietly* and __promptly__, ~~never~~ late',
      'Private aviation, quietly and promptly, never late',
    ],
    ['### Dining in Paris\n\n- **Le Cinq**: a table', 'Dining in Paris\nLe Cinq: a table'],
    ['Use `inline code` gently', 'Use inline code gently'],
  ])('reads %j as %j', (markdown, spoken) => {
    expect(toSpeechText(markdown)).toBe(spoken);
  });
});

describe('reading aloud', () => {
  it('waits for the browser’s voices, then reads at rate 1, pitch 1, en-US in a preferred voice', async () => {
    const synth = installSpeech({ voices: [] });
    speak('**Hello** there', () => undefined);
    expect(synth.spoken).toHaveLength(0);
    synth.loadVoices([
      { name: 'Google US English', lang: 'en-US' },
      { name: 'Samantha', lang: 'en-US' },
      { name: 'Daniel', lang: 'en-GB' },
      { name: 'Thomas (Premium)', lang: 'fr-FR' },
    ]);
    await vi.waitFor(() => expect(synth.spoken).toHaveLength(1));
    const [utterance] = synth.spoken;
    expect(utterance.text).toBe('Hello there');
    expect(utterance).toMatchObject({ rate: 1, pitch: 1, lang: 'en-US' });
    expect(utterance.voice?.name).toBe('Daniel');
  });

  it('prefers Premium, then Enhanced, then Daniel, then Samantha, else any en-US voice', async () => {
    const synth = installSpeech({
      voices: [
        { name: 'Samantha', lang: 'en-US' },
        { name: 'Ava (Enhanced)', lang: 'en-US' },
        { name: 'Zoe (Premium)', lang: 'en_US' },
      ],
    });
    speak('One', () => undefined);
    await vi.waitFor(() => expect(synth.spoken).toHaveLength(1));
    expect(synth.spoken[0].voice?.name).toBe('Zoe (Premium)');

    const plain = installSpeech({
      voices: [
        { name: 'Anna', lang: 'de-DE' },
        { name: 'Fred', lang: 'en-US' },
      ],
    });
    speak('Two', () => undefined);
    await vi.waitFor(() => expect(plain.spoken).toHaveLength(1));
    expect(plain.spoken[0].voice?.name).toBe('Fred');
  });

  it('stops only its own reading: a stop from a message that was interrupted leaves the new one speaking', async () => {
    const synth = installSpeech({ voices: [{ name: 'Samantha', lang: 'en-US' }] });
    const endedA = vi.fn();
    const endedB = vi.fn();
    const stopA = speak('Message A', endedA);
    await vi.waitFor(() => expect(synth.current?.text).toBe('Message A'));
    const stopB = speak('Message B', endedB);
    expect(endedA).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(synth.current?.text).toBe('Message B'));
    stopA();
    expect(synth.current?.text).toBe('Message B');
    expect(endedB).not.toHaveBeenCalled();
    stopB();
    expect(synth.current).toBeNull();
    expect(endedB).toHaveBeenCalledTimes(1);
  });
});
