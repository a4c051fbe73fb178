import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eventPageId } from './event-cover-preload.js';
import { escapeHtml } from '../mail/escape-html.js';

/** Written by the web build (packages/web/build/route-preloads.ts): route → the JS its page needs beyond the entry's. */
const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/**
 * modulepreload links for the event page's chunks in its shell, so a phone fetches them beside the
 * entry instead of a round trip after it (the entry's router is what would ask for them). Read per
 * request, as the shell is, so a rebuild is served at once; a build without the file, or any other
 * page: no links.
 */
export async function routeModulePreloads(webDist: string, url: string): Promise<string> {
  if (!eventPageId(url)) return '';
  let files: unknown;
  try {
    files = (JSON.parse(await readFile(join(webDist, ROUTE_PRELOADS_FILE), 'utf8')) as Record<string, unknown>)['/events/{id}'];
  } catch {
    return '';
  }
  if (!Array.isArray(files)) return '';
  return files
    .filter((file): file is string => typeof file === 'string' && /^assets\/[\w.-]+\.js$/.test(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`)
    .join('');
}
