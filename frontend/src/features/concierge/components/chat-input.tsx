import {
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useSpeechRecognition, type Notify } from './speech-recognition';

interface InputButtonProps {
  onClick: () => void;
  disabled: boolean;
}

/**
 * How a place draws the message box: its stylesheet's classes and its buttons. The pages draw
 * Ant Design buttons; the floating widget loads over any page and carries no Ant Design.
 */
export interface ChatInputLook {
  classNames: { bar: string; listening: string; row: string; textarea: string };
  SendButton: ComponentType<InputButtonProps>;
  /** In place of Send while a reply streams, for a place that can stop one. */
  StopButton?: ComponentType<{ onClick: () => void }>;
  VoiceButton?: ComponentType<InputButtonProps & { listening: boolean }>;
}

interface ChatInputProps {
  look: ChatInputLook;
  onSend: (text: string) => void;
  /** A reply is on its way: nothing is sent, and the voice button waits. */
  loading: boolean;
  /** Nothing can be typed, spoken or sent. */
  disabled?: boolean;
  onStop?: () => void;
  placeholder?: string;
  /** Voice input, whose messages (spec) this shows; without it, no voice button. */
  onVoiceNotice?: Notify;
  /** Drawn between the listening notice and the box (the session chat's actions). */
  children?: ReactNode;
}

const MIN_HEIGHT = 40;
const MAX_HEIGHT = 120;
const silent: Notify = () => undefined;

/**
 * The message box of every chat: grows from 40 to 120 px; Enter sends, Shift+Enter adds a line;
 * what is heard by voice is added to the text.
 */
export function ChatInput({
  look,
  onSend,
  loading,
  disabled = false,
  onStop,
  placeholder = 'Type a message...',
  onVoiceNotice,
  children,
}: ChatInputProps) {
  const { classNames, SendButton, StopButton, VoiceButton } = look;
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const append = useCallback((spoken: string) => setText((t) => (t.trim() ? `${t.trimEnd()} ${spoken}` : spoken)), []);
  const { listening, toggle } = useSpeechRecognition(append, onVoiceNotice ?? silent);

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
    <div className={classNames.bar}>
      {listening && (
        <div className={classNames.listening} role="status">
          Listening... Speak now
        </div>
      )}
      {children}
      <div className={classNames.row}>
        <textarea
          ref={box}
          className={classNames.textarea}
          value={text}
          rows={1}
          placeholder={placeholder}
          aria-label="Message"
          disabled={disabled || listening}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        {onVoiceNotice && VoiceButton && (
          <VoiceButton listening={listening} onClick={toggle} disabled={disabled || loading} />
        )}
        {loading && onStop && StopButton ? (
          <StopButton onClick={onStop} />
        ) : (
          <SendButton onClick={send} disabled={!text.trim() || loading || disabled} />
        )}
      </div>
    </div>
  );
}
