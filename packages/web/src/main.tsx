import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from './app/query-client.js';
import { routes } from './app/router.js';
import { seedInlineConfig } from './api/inline-config.js';
import { seedInlineEvent } from './api/inline-event.js';
import { seedInlineListing } from './api/inline-listing.js';
import { installErrorReporting } from './lib/report-error.js';
import { fixStartAddress } from './app/start-address.js';
import './styles/theme.css';
import './styles/app.css';

// First of all: no `_r`, no order key in the address (an e-mail link's key moves into the tab).
fixStartAddress();

installErrorReporting();

// The app starts a task after its modules are evaluated: two shorter tasks rather than one long
// one on a phone's main thread (docs/performance.md, Total Blocking Time).
setTimeout(() => {
  seedInlineConfig(queryClient);
  seedInlineEvent(queryClient);
  seedInlineListing(queryClient);
  const router = createBrowserRouter(routes);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}, 0);
