import { AudioOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import type { ChatInputLook } from './chat-input';
import styles from './concierge.module.css';

/** The message box of /concierge and /simple-concierge. */
export const conciergeInputLook: ChatInputLook = {
  classNames: { bar: styles.inputBar, listening: styles.listening, row: styles.inputRow, textarea: styles.textarea },
  SendButton: ({ onClick, disabled }) => (
    <Button type="primary" aria-label="Send" icon={<SendOutlined />} onClick={onClick} disabled={disabled} />
  ),
  StopButton: ({ onClick }) => (
    <Button aria-label="Stop" icon={<StopOutlined />} onClick={onClick}>
      Stop
    </Button>
  ),
  VoiceButton: ({ listening, onClick, disabled }) => (
    <Tooltip title={listening ? 'Stop listening' : 'Speak your request'}>
      <Button
        aria-label={listening ? 'Stop listening' : 'Voice input'}
        icon={<AudioOutlined />}
        danger={listening}
        onClick={onClick}
        disabled={disabled}
      />
    </Tooltip>
  ),
};
