import { App } from 'antd';
import { useCallback } from 'react';
import { useSpeechRecognition, type Notify } from './speech-recognition';

/** Voice input with the spec's messages as Ant Design toasts. */
export function useVoiceInput(onTranscript: (text: string) => void) {
  const { notification } = App.useApp();
  const notify = useCallback<Notify>(
    (kind, title, description) => notification[kind]({ title, description }),
    [notification],
  );
  return useSpeechRecognition(onTranscript, notify);
}
