import { App as AntApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { antdTheme } from './theme';

/**
 * Ant Design's theme and its App (toasts, messages, modals). Only the pages that use Ant Design are
 * wrapped in it (see AntdLayout in router.tsx), so the landing page never downloads it.
 */
export function AntdProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={antdTheme}>
      <AntApp component={false} notification={{ placement: 'topRight', duration: 5 }}>
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
