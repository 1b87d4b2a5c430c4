import { PauseCircleOutlined, SoundOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { speak, speechSupported } from './speech';

/** 'Listen' / 'Stop' read-aloud, shown only where speech synthesis exists. */
export function ListenButton({ content }: { content: string }) {
  const [speaking, setSpeaking] = useState(false);
  // Stops this message's reading only; another message's reading is never touched.
  const stop = useRef<(() => void) | null>(null);

  useEffect(() => () => stop.current?.(), []);

  if (!speechSupported()) return null;

  const toggle = () => {
    if (speaking) {
      stop.current?.();
      return;
    }
    setSpeaking(true);
    stop.current = speak(content, () => {
      stop.current = null;
      setSpeaking(false);
    });
  };

  return (
    <Button size="small" type="text" icon={speaking ? <PauseCircleOutlined /> : <SoundOutlined />} onClick={toggle}>
      {speaking ? 'Stop' : 'Listen'}
    </Button>
  );
}
