import { App as AntApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { EmptyMark, EmptyState } from '../lib/ui/empty-state';
import { antdTheme } from './theme';

/** An empty table, list or select says so in the house style, never with Ant Design's stock picture. */
const renderEmpty = (componentName?: string) =>
  componentName === 'Table.filter' ? null : <EmptyState size="small" title="Nothing here yet" />;

/**
 * Ant Design's theme and its App (toasts, messages, modals). Only the pages that use Ant Design are
 * wrapped in it (see AntdLayout in router.tsx), so the landing page never downloads it.
 */
export function AntdProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={antdTheme} renderEmpty={renderEmpty} empty={{ image: <EmptyMark /> }}>
      <AntApp component={false} notification={{ placement: 'topRight', duration: 5 }}>
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
