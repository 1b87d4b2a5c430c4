import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import type { ToastKind, ToastRequest } from './toast-request';

// Ant Design's toasts, fetched the first time a page shows one: pages without Ant Design
// (the landing page) never download it for a toast that may never come.
const AntdToasts = lazy(() => import('./antd-toasts'));

/** Lets a chunk of Ant Design download ahead of a toast that is likely soon (a form being filled in). */
export function prefetchToasts(): void {
  void import('./antd-toasts');
}

/**
 * Toasts for pages that do not load Ant Design up front: `notify` and `message` queue one, and
 * `host` (rendered by the caller) shows it in Ant Design's notification, as every other page does.
 * The toasts belong to the caller's tree: they go when it unmounts.
 */
export function useToasts(): {
  notify: (kind: ToastKind, title: string, description?: string) => void;
  message: (kind: ToastKind, text: string) => void;
  host: ReactNode;
} {
  const [toasts, setToasts] = useState<ToastRequest[]>([]);
  const next = useRef(0);
  const push = useCallback((toast: Omit<ToastRequest, 'id'>) => {
    next.current += 1;
    const id = next.current;
    setToasts((current) => [...current, { ...toast, id }]);
  }, []);
  const notify = useCallback(
    (kind: ToastKind, title: string, description?: string) => push({ style: 'notification', kind, title, description }),
    [push],
  );
  const message = useCallback((kind: ToastKind, text: string) => push({ style: 'message', kind, title: text }), [push]);
  const host =
    toasts.length > 0 ? (
      <Suspense fallback={null}>
        <AntdToasts toasts={toasts} />
      </Suspense>
    ) : null;
  return { notify, message, host };
}
