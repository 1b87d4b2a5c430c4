import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { AntdProviders } from './antd-providers';
import { PageFallback } from './layout';

/** The layout route of every page built with Ant Design: its own chunk, with Ant Design's providers. */
export function AntdLayout() {
  return (
    <AntdProviders>
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    </AntdProviders>
  );
}
