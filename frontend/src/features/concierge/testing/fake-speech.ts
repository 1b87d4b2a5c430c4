import { vi } from 'vitest';

/**
 * The browser's speech APIs, which jsdom does not have, as small fakes at the window edge. The
 * synthesis fake behaves as Chrome does: getVoices() may answer [] until `voiceschanged`, and
 * cancel() ends the utterance being spoken with an 'interrupted' error.
 */
export interface FakeVoice {
  name: string;
  lang: string;
}

export class FakeUtterance {
  rate = 1;
  pitch = 1;
  lang = '';
  voice: FakeVoice | null = null;
  onend: ((event: unknown) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  constructor(readonly text: string) {}
}

export function installSpeech({ voices }: { voices: FakeVoice[] }) {
  const listeners = new Set<() => void>();
  const synth = {
    voices,
    spoken: [] as FakeUtterance[],
    current: null as FakeUtterance | null,
    getVoices: () => synth.voices,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    speak(utterance: FakeUtterance) {
      synth.spoken.push(utterance);
      synth.current = utterance;
    },
    cancel() {
      const utterance = synth.current;
      synth.current = null;
      utterance?.onerror?.({ error: 'interrupted' });
    },
    /** The browser has loaded its voices. */
    loadVoices(loaded: FakeVoice[]) {
      synth.voices = loaded;
      listeners.forEach((listener) => listener());
    },
    /** The utterance being spoken reaches its end. */
    finish() {
      const utterance = synth.current;
      synth.current = null;
      utterance?.onend?.({});
    },
  };
  vi.stubGlobal('speechSynthesis', synth);
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
  return synth;
}

export interface FakeRecognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: { results: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onend: (() => void) | null;
  started: boolean;
  start(): void;
  stop(): void;
  /** The browser recognised the member's words. */
  hear(transcript: string): void;
  fail(): void;
}

/** SpeechRecognition as a fake; `startThrows` makes start() throw, as Chrome does when the mic is busy. */
export function installRecognition({ startThrows = false } = {}) {
  const instances: FakeRecognition[] = [];
  class Recognition implements FakeRecognition {
    lang = '';
    continuous = true;
    interimResults = true;
    onresult: FakeRecognition['onresult'] = null;
    onerror: FakeRecognition['onerror'] = null;
    onend: FakeRecognition['onend'] = null;
    started = false;
    constructor() {
      instances.push(this);
    }
    start() {
      if (startThrows) throw new DOMException('recognition has already started', 'InvalidStateError');
      this.started = true;
    }
    stop() {
      this.started = false;
      this.onend?.();
    }
    hear(transcript: string) {
      const result = Object.assign([{ transcript }], { isFinal: true });
      this.onresult?.({ results: [result] });
      this.stop();
    }
    fail() {
      this.onerror?.({ error: 'no-speech' });
      this.stop();
    }
  }
  vi.stubGlobal('webkitSpeechRecognition', Recognition);
  return instances;
}
