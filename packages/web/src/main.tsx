import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from './app/query-client.js';
import { routes } from './app/router.js';
import { seedInlineConfig } from './api/inline-config.js';
import { seedInlineEvent } from './api/inline-event.js';
import { installErrorReporting } from './lib/report-error.js';
import './styles/theme.css';
import './styles/app.css';

// A cache-busting reload after a failed chunk load leaves `_r` in the address: drop it.
const url = new URL(window.location.href);
if (url.searchParams.has('_r')) {
  url.searchParams.delete('_r');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}

installErrorReporting();
seedInlineConfig(queryClient);
seedInlineEvent(queryClient);
const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
