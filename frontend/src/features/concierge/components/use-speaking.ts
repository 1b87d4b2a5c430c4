import { useCallback, useEffect, useRef, useState } from 'react';
import { speak, speechSupported } from './speech';

/** Reading replies aloud, one at a time: which message speaks now, and how to start or stop it. */
export function useSpeaking() {
  const [speakingId, setSpeakingId] = useState<string | null>(null);
  const stopCurrent = useRef<(() => void) | null>(null);

  useEffect(() => () => stopCurrent.current?.(), []);

  const stop = useCallback(() => {
    stopCurrent.current?.();
    stopCurrent.current = null;
    setSpeakingId(null);
  }, []);

  const toggle = useCallback(
    (id: string, content: string) => {
      if (speakingId === id) {
        stop();
        return;
      }
      setSpeakingId(id);
      const stopThis = speak(content, () => {
        if (stopCurrent.current === stopThis) stopCurrent.current = null;
        setSpeakingId((current) => (current === id ? null : current));
      });
      stopCurrent.current = stopThis;
    },
    [speakingId, stop],
  );

  return { supported: speechSupported(), speakingId, toggle, stop };
}
