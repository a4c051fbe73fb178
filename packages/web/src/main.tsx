import { StrictMode, startTransition } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, type DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from './api/query-client.js';
import { routes } from './app/router.js';
import { resolveLazyRoutes, serverRouterData } from './app/start-router.js';
import { isPublicVisitor } from './app/public-visitor.js';
import { setHydrating } from './lib/hydration.js';
import { seedInlineConfig } from './api/inline-config.js';
import { seedInlineEvent } from './api/inline-event.js';
import { seedInlineListing } from './api/inline-listing.js';
import { hydrateInlineQueries } from './api/inline-queries.js';
import { installErrorReporting } from './lib/report-error.js';
import { fixStartAddress } from './app/start-address.js';
import './styles/theme.css';
import './styles/app.css';

// First of all: no `_r`, no order key in the address (an e-mail link's key moves into the tab).
fixStartAddress();

installErrorReporting();

// The app starts a task after its modules are evaluated: two shorter tasks rather than one long
// one on a phone's main thread (docs/performance.md, Total Blocking Time).
setTimeout(() => void start(), 0);

/**
 * A server-rendered page (docs/server-rendering.md) is hydrated in place when the visitor sees the
 * public page the server drew. A visitor with a session or a cart sees their own page: it is
 * rendered afresh, once its routes are ready, so the server's picture stays until it is replaced.
 */
async function start() {
  // Reading the page's data, loading its routes, evaluating react-dom (its own chunk,
  // build/startup-chunk.ts), starting the router and starting React: each in a task of its own
  // (docs/performance.md, Total Blocking Time).
  seedInlineConfig(queryClient);
  // A server-rendered page brings the render's query cache; another page, its reads.
  if (!hydrateInlineQueries(queryClient)) {
    seedInlineEvent(queryClient);
    seedInlineListing(queryClient);
  }
  const container = document.getElementById('root');
  if (!container) throw new Error('the page has no #root element');
  const serverData = container.firstElementChild ? serverRouterData() : null;
  const hydrate = serverData !== null && isPublicVisitor();
  if (serverData) {
    await nextTask();
    await resolveLazyRoutes(routes, window.location.pathname);
  }
  await nextTask();
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  await nextTask();
  const router = createBrowserRouter(routes, hydrate ? { hydrationData: serverData } : undefined);
  await nextTask();
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
  if (hydrate) {
    setHydrating(true);
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread for the whole page (docs/performance.md, Total Blocking Time); a click
    // meanwhile is held by the paint-first script until the app is ready.
    startTransition(() => {
      hydrateRoot(container, app);
    });
    return;
  }
  if (serverData) await initialized(router);
  createRoot(container).render(app);
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function initialized(router: DataRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
