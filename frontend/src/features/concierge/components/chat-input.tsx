import { AudioOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useCallback, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import styles from './concierge.module.css';
import { useVoiceInput } from './use-voice-input';

interface ChatInputProps {
  onSend: (text: string) => void;
  loading: boolean;
  disabled?: boolean;
  voice?: boolean;
  /** While a reply streams: a Stop button in place of Send. */
  onStop?: () => void;
  placeholder?: string;
}

const MIN_HEIGHT = 40;
const MAX_HEIGHT = 120;

/** The message box: grows from 40 to 120 px; Enter sends, Shift+Enter adds a line. */
export function ChatInput({
  onSend,
  loading,
  disabled,
  voice,
  onStop,
  placeholder = 'Type a message...',
}: ChatInputProps) {
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const append = useCallback((spoken: string) => setText((t) => (t.trim() ? `${t.trimEnd()} ${spoken}` : spoken)), []);
  const { listening, toggle } = useVoiceInput(append);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, el.scrollHeight))}px`;
  }, [text]);

  const send = () => {
    const trimmed = text.trim();
    if (!trimmed || loading || disabled) return;
    onSend(trimmed);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <div className={styles.inputBar}>
      {listening && (
        <div className={styles.listening} role="status">
          Listening... Speak now
        </div>
      )}
      <div className={styles.inputRow}>
        <textarea
          ref={box}
          className={styles.textarea}
          value={text}
          rows={1}
          placeholder={placeholder}
          aria-label="Message"
          disabled={disabled || listening}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        {voice && (
          <Tooltip title={listening ? 'Stop listening' : 'Speak your request'}>
            <Button
              aria-label={listening ? 'Stop listening' : 'Voice input'}
              icon={<AudioOutlined />}
              danger={listening}
              onClick={toggle}
              disabled={disabled || loading}
            />
          </Tooltip>
        )}
        {loading && onStop ? (
          <Button aria-label="Stop" icon={<StopOutlined />} onClick={onStop}>
            Stop
          </Button>
        ) : (
          <Button
            type="primary"
            aria-label="Send"
            icon={<SendOutlined />}
            onClick={send}
            disabled={!text.trim() || loading || disabled}
          />
        )}
      </div>
    </div>
  );
}
