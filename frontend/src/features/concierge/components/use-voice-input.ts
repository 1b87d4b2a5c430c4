import { App } from 'antd';
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

function recognitionClass(): RecognitionConstructor | undefined {
  const w = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition;
}

/** Voice input (spec): one utterance, final results only, en-US, with the spec's four toasts. */
export function useVoiceInput(onTranscript: (text: string) => void) {
  const { notification } = App.useApp();
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
      notification.error({
        title: 'Voice Input Not Available',
        description: "Your browser doesn't support voice input. Please type your request.",
      });
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
      notification.error({
        title: 'Voice Input Error',
        description: 'Could not capture your voice. Please try again or type your request.',
      });
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
    notification.info({
      title: 'Voice Input Active',
      description: 'Please speak clearly. Your voice will be converted to text.',
    });
  }, [listening, notification, onTranscript]);

  return { listening, toggle };
}
