import { StyleProvider } from '@ant-design/cssinjs';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AntdProviders } from '../app/antd-providers';
import { AppProviders, createQueryClient } from '../app/providers';
import { AppRoutes } from '../app/router';

/**
 * Renders a component inside the real app providers (query client, Ant Design theme and App).
 *
 * Ant Design's generated styles are not put into jsdom's document (`mock="server"`): jsdom lays
 * nothing out, and with them every getComputedStyle (Ant Design's scroll locks and the queries'
 * visibility checks) read dozens of style sheets, most of a panel test's time. What those styles
 * hide is hidden by setup.ts's short sheet instead.
 */
export function renderWithProviders(ui: ReactElement, options?: RenderOptions) {
  return render(
    <StyleProvider mock="server">
      <AppProviders queryClient={createQueryClient()}>
        <AntdProviders>{ui}</AntdProviders>
      </AppProviders>
    </StyleProvider>,
    options,
  );
}

/**
 * Renders the real route table at a path, in a memory router the test can read and drive
 * (`router.state.location`, `router.navigate`).
 */
export function renderRoute(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <AppRoutes /> }], { initialEntries: [path] });
  return { router, ...renderWithProviders(<RouterProvider router={router} />) };
}
