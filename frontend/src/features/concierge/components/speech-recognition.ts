import { useCallback, useEffect, useRef, useState } from 'react';

interface RecognitionResultEvent {
  results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }>;
}

interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: RecognitionResultEvent) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
}

type RecognitionConstructor = new () => Recognition;

export type Notify = (kind: 'error' | 'info', title: string, description: string) => void;

function recognitionClass(): RecognitionConstructor | undefined {
  const w = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition;
}

export function recognitionSupported(): boolean {
  return typeof window !== 'undefined' && recognitionClass() !== undefined;
}

/**
 * Voice input (spec): one utterance, final results only, en-US, with the spec's four messages,
 * shown by `notify` (toasts on the pages, a notice in the widget, which carries no Ant Design).
 */
export function useSpeechRecognition(onTranscript: (text: string) => void, notify: Notify) {
  const [listening, setListening] = useState(false);
  const recognition = useRef<Recognition | null>(null);

  useEffect(() => () => recognition.current?.stop(), []);

  const toggle = useCallback(() => {
    if (listening) {
      recognition.current?.stop();
      setListening(false);
      return;
    }
    const Recognition = recognitionClass();
    if (!Recognition) {
      notify(
        'error',
        'Voice Input Not Available',
        "Your browser doesn't support voice input. Please type your request.",
      );
      return;
    }
    const r = new Recognition();
    r.lang = 'en-US';
    r.continuous = false;
    r.interimResults = false;
    r.onresult = (event) => {
      const text = Array.from(event.results)
        .filter((result) => result.isFinal)
        .map((result) => result[0].transcript)
        .join(' ')
        .trim();
      if (text) onTranscript(text);
    };
    const failed = () => {
      notify('error', 'Voice Input Error', 'Could not capture your voice. Please try again or type your request.');
      if (recognition.current === r) recognition.current = null;
      setListening(false);
    };
    r.onerror = failed;
    r.onend = () => {
      if (recognition.current === r) recognition.current = null;
      setListening(false);
    };
    recognition.current = r;
    try {
      // Throws when the microphone is already in use, or recognition is already running.
      r.start();
    } catch (error) {
      console.error('Voice input could not start', error);
      failed();
      return;
    }
    setListening(true);
    notify('info', 'Voice Input Active', 'Please speak clearly. Your voice will be converted to text.');
  }, [listening, notify, onTranscript]);

  return { listening, toggle };
}
