export type ToastKind = 'success' | 'error' | 'info';

/** One toast waiting to be shown by Ant Design (antd-toasts.tsx), as useToasts queues it. */
export interface ToastRequest {
  id: number;
  /** A notification (title and description, top right) or a one-line message (top centre). */
  style: 'notification' | 'message';
  kind: ToastKind;
  title: string;
  description?: string;
}
