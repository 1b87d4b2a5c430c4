import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { AntdProviders } from '../../app/antd-providers';
import type { ToastRequest } from './toast-request';

/** Shows each requested toast once, in Ant Design's notification or message, with the house theme. */
export default function AntdToasts({ toasts }: { toasts: ToastRequest[] }) {
  return (
    <AntdProviders>
      <Emitter toasts={toasts} />
    </AntdProviders>
  );
}

function Emitter({ toasts }: { toasts: ToastRequest[] }) {
  const { notification, message } = App.useApp();
  const shown = useRef(new Set<number>());
  useEffect(() => {
    for (const toast of toasts) {
      if (shown.current.has(toast.id)) continue;
      shown.current.add(toast.id);
      if (toast.style === 'message') message[toast.kind](toast.title);
      else notification[toast.kind]({ title: toast.title, description: toast.description });
    }
  }, [toasts, notification, message]);
  return null;
}
