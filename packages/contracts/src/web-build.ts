/**
 * What the web build writes for the server to read (docs/server-rendering.md): per route the server
 * preloads, the JS its page needs beyond the entry's, and the paint-first script's file. The build
 * (packages/web/build/route-preloads.ts) writes it and the server (http/route-module-preload.ts)
 * reads it, so both name the file, its keys and its routes from here.
 */

/** Where the build writes the route preloads, beside Vite's manifest in the browser build's dist. */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** The key under which the file of the paint-first script is listed. */
export const PAINT_FIRST_KEY = 'paint-first';

/** The keys of the routes whose page chunks the HTML shell asks for with the entry. */
export const PRELOADED_ROUTE = { home: '/', eventPage: '/events/{id}', listing: '/events' } as const;
export type TPreloadedRoute = (typeof PRELOADED_ROUTE)[keyof typeof PRELOADED_ROUTE];
