import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders, createQueryClient } from '../app/providers';
import { routes } from '../app/router';

/** Renders a component inside the real app providers (query client, Ant Design theme and App). */
export function renderWithProviders(ui: ReactElement, options?: RenderOptions) {
  return render(<AppProviders queryClient={createQueryClient()}>{ui}</AppProviders>, options);
}

/** Renders the real route table at a path. */
export function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return { router, ...renderWithProviders(<RouterProvider router={router} />) };
}
