import { App } from 'antd';
import { useCallback } from 'react';
import type { Notify } from './speech-recognition';

/** Voice input's messages (spec) as Ant Design toasts, for the pages' message box. */
export function useVoiceToasts(): Notify {
  const { notification } = App.useApp();
  return useCallback<Notify>((kind, title, description) => notification[kind]({ title, description }), [notification]);
}
