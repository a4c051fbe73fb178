import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { SESSION_EXPIRES_COOKIE, type ServerPageData, type ServerReads, type ServerRenderedPage as RenderedPage } from '@foyer/contracts/constants';
import { eventPageId, isHomePage, isListingPage } from './event-page-shell.js';
import { hasExpressFlag } from '@foyer/contracts/rules';


interface ServerEntry {
  renderPage(url: string, data: ServerPageData, reads: ServerReads): Promise<RenderedPage>;
}

/** The web build's server entry, beside its browser build (packages/web/dist-ssr; the Docker image's ./dist-ssr). */
export const serverEntryFile = (webDist: string) => join(webDist, '..', 'dist-ssr', 'entry-server.mjs');

/**
 * The public pages drawn on the server: home, the listing, an event page (every flow's first
 * screen, gift and renewal too). An express link is the browser's to take (it remembers the flag
 * for the tab before the address loses it).
 */
export function isServerRenderedPage(url: string): boolean {
  const search = url.split('#', 1)[0].split('?', 2)[1] ?? '';
  return (isHomePage(url) || isListingPage(url) || eventPageId(url) !== null) && !hasExpressFlag(search);
}

/** A member's pages are their own (their header, their events): the server draws only the public page, for visitors without a session. */
export function hasMemberSession(cookieHeader: string | undefined): boolean {
  return !!cookieHeader && cookieHeader.split(';').some((part) => part.trim().startsWith(`${SESSION_EXPIRES_COOKIE}=`));
}

/**
 * Renders the public pages on the server (docs/server-rendering.md) with the web build's server
 * entry, loaded once — as the server starts, so the first visitor does not wait for it (about
 * 0.7 s). A build without it renders nothing (the page starts in the browser as before). A render
 * that throws is logged (with the request's id) and answers 'failed': the page goes out unrendered
 * with status 500, so the browser still draws it for the visitor, and it is never cached.
 */
export function serverRenderer(webDist: string) {
  let entry: Promise<ServerEntry | null> | undefined;
  const load = () =>
    (entry ??= access(serverEntryFile(webDist)).then(
      () => import(pathToFileURL(serverEntryFile(webDist)).href) as Promise<ServerEntry>,
      () => null,
    ));
  load().catch(() => undefined);
  return async (url: string, data: ServerPageData, reads: ServerReads, log?: FastifyBaseLogger): Promise<RenderedPage | 'failed' | null> => {
    try {
      const module = await load();
      return module ? await module.renderPage(url, data, reads) : null;
    } catch (error) {
      log?.error({ err: error, url }, 'server render failed: answered 500, the page renders in the browser');
      return 'failed';
    }
  };
}
