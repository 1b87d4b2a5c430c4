import { PauseCircleOutlined, SoundOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { speak, speechSupported, stopSpeaking } from './speech';

/** 'Listen' / 'Stop' read-aloud, shown only where speech synthesis exists. */
export function ListenButton({ content }: { content: string }) {
  const [speaking, setSpeaking] = useState(false);
  useEffect(() => () => (speaking ? stopSpeaking() : undefined), [speaking]);
  if (!speechSupported()) return null;
  return (
    <Button
      size="small"
      type="text"
      icon={speaking ? <PauseCircleOutlined /> : <SoundOutlined />}
      onClick={() => {
        if (speaking) {
          stopSpeaking();
          setSpeaking(false);
        } else {
          setSpeaking(true);
          speak(content, () => setSpeaking(false));
        }
      }}
    >
      {speaking ? 'Stop' : 'Listen'}
    </Button>
  );
}
