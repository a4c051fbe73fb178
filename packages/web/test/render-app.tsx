import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { queryClient } from '../src/api/query-client.js';
import { routes } from '../src/app/router.js';
import { takeManageKey } from '../src/features/manage/manage-key.js';

/**
 * The whole storefront (real routes and query client) at a path, in a #root like the page's; or
 * with a history of several entries, at `initialIndex` (default: the last). An order e-mail link's
 * key moves into the tab first, as main.tsx does before its router starts (app/start-address.ts).
 */
export function renderApp(path: string | string[], initialIndex?: number) {
  const router = createMemoryRouter(routes, { initialEntries: (Array.isArray(path) ? path : [path]).map(takeManageKey), initialIndex });
  const root = document.createElement('div');
  root.id = 'root';
  document.body.appendChild(root);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
    { container: root },
  );
  return router;
}
