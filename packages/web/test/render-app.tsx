import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/preact';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { queryClient } from '../src/app/query-client.js';
import { routes } from '../src/app/router.js';

/**
 * The whole storefront (real routes and query client) at a path, in a #root like the page's; or
 * with a history of several entries, at `initialIndex` (default: the last).
 */
export function renderApp(path: string | string[], initialIndex?: number) {
  const router = createMemoryRouter(routes, { initialEntries: Array.isArray(path) ? path : [path], initialIndex });
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
