import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const APPLE_WEB_SERVICE_PREFIX = '/api/wallet/apple/';

const isJson = (contentType: string | undefined) => /^application\/json\s*(;|$)/i.test(contentType?.trim() ?? '');

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/** Why a state-changing request may not come from where it comes from, or null when it may. */
export function crossSiteProblem(request: Pick<FastifyRequest, 'headers'>, publicOrigin: string): string | null {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    // The storefront's own pages: the public URL, or the host the request was sent to (direct access).
    if (origin === publicOrigin || (hostOf(origin) !== null && hostOf(origin) === request.headers.host)) return null;
    return `Requests from ${origin.slice(0, 100)} are not accepted.`;
  }
  // Browsers send Origin on every cross-origin POST; without one, Fetch Metadata still tells a foreign page.
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return 'Requests from another site are not accepted.';
  return null;
}

/**
 * CSRF defence for SameSite=Lax cookies, which other origins of the same site still send: every
 * POST/PUT/PATCH/DELETE must come from the storefront's origin and be JSON (a cross-origin form
 * cannot send application/json, and fetch cannot without a preflight that Foyer never grants).
 * A call without a body sends the JSON content type with an empty body.
 */
export function registerCsrfGuard(app: FastifyInstance, publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify runs a hook without a `done` callback only as an async function
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    // Apple's pass web service: called by devices, not pages; authorised by the pass's token header, never a cookie (docs/wallet-passes.md "Updates").
    if (request.url.startsWith(APPLE_WEB_SERVICE_PREFIX)) return;
    const problem = crossSiteProblem(request, publicOrigin);
    if (problem) throw new AppError(403, 'forbidden_origin', problem, 'request');
    if (!isJson(request.headers['content-type'])) {
      throw new AppError(415, 'unsupported_media_type', 'Send the request as application/json.', 'request');
    }
  });

  // An explicit JSON content type with no body at all is an empty call, not malformed JSON.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') { done(null, undefined); return; }
    return parseJson(request, body as string, done);
  });
}
