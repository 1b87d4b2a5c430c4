/** Text for speech (spec, section 5): code blocks announced, Markdown marks, links and tags removed. */
export function toSpeechText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' code block omitted. ')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/https?:\/\/\S+/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/^#{1,6}\s*/gm, '')
    .replace(/(\*\*|__|\*|_|~~)/g, '')
    .replace(/^\s*[-+]\s+/gm, '')
    .replace(/^\s*>\s?/gm, '')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/** Voice names worth asking for, best first (spec, section 9). */
const PREFERRED_VOICES = ['Premium', 'Enhanced', 'Daniel', 'Samantha'];
/** Chrome answers getVoices() with [] until its list has loaded; past this, speak with the default. */
const VOICES_WAIT_MS = 1500;

export function speechSupported(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && 'SpeechSynthesisUtterance' in window;
}

const voicesLoading = new WeakMap<SpeechSynthesis, Promise<SpeechSynthesisVoice[]>>();

/** The voice list, waiting for `voiceschanged` when the browser has not loaded it yet. */
export function loadVoices(synth: SpeechSynthesis = window.speechSynthesis): Promise<SpeechSynthesisVoice[]> {
  const now = synth.getVoices();
  if (now.length > 0) return Promise.resolve(now);
  let loading = voicesLoading.get(synth);
  if (!loading) {
    loading = new Promise<SpeechSynthesisVoice[]>((resolve) => {
      const done = () => {
        window.clearTimeout(timer);
        synth.removeEventListener('voiceschanged', done);
        voicesLoading.delete(synth);
        resolve(synth.getVoices());
      };
      const timer = window.setTimeout(done, VOICES_WAIT_MS);
      synth.addEventListener('voiceschanged', done);
    });
    voicesLoading.set(synth, loading);
  }
  return loading;
}

/** The best English voice: a preferred name (in the order above), else any en-US voice. */
export function pickVoice(voices: SpeechSynthesisVoice[]): SpeechSynthesisVoice | undefined {
  const english = voices.filter((v) => v.lang.replace('_', '-').toLowerCase().startsWith('en'));
  for (const name of PREFERRED_VOICES) {
    const preferred = english.find((v) => v.name.includes(name));
    if (preferred) return preferred;
  }
  return english.find((v) => v.lang.replace('_', '-') === 'en-US');
}

interface Speaking {
  ended: boolean;
  end(): void;
}

/** What is being read aloud now, so one message's Stop never silences another's reading. */
let current: Speaking | null = null;

/**
 * Reads a reply aloud at rate 1, pitch 1, en-US, in the preferred voice; a reading already under
 * way stops first (and is told so). `onEnd` runs once, however the reading ends. Answers a stop
 * function that ends this reading only: once another message is speaking, it does nothing.
 */
export function speak(markdown: string, onEnd: () => void): () => void {
  const synth = window.speechSynthesis;
  const previous = current;
  current = null;
  synth.cancel();
  previous?.end();

  const speaking: Speaking = {
    ended: false,
    end() {
      if (speaking.ended) return;
      speaking.ended = true;
      if (current === speaking) current = null;
      onEnd();
    },
  };
  current = speaking;

  const utterance = new SpeechSynthesisUtterance(toSpeechText(markdown));
  utterance.rate = 1;
  utterance.pitch = 1;
  utterance.lang = 'en-US';
  utterance.onend = () => speaking.end();
  utterance.onerror = (event) => {
    // Cancelling (Stop, or another message's Listen) is not a failure.
    if (event.error !== 'interrupted' && event.error !== 'canceled') console.error('Speech synthesis failed', event);
    speaking.end();
  };
  void loadVoices(synth).then((voices) => {
    if (speaking.ended) return;
    const voice = pickVoice(voices);
    if (voice) utterance.voice = voice;
    synth.speak(utterance);
  });

  return () => {
    if (current === speaking) {
      current = null;
      synth.cancel();
    }
    speaking.end();
  };
}
