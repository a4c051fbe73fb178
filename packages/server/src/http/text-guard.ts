import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

/** NUL, and UTF-16 surrogates without their pair: text no database column should hold (PostgreSQL refuses NUL). */
const INVALID_TEXT = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Deeper than any contract's body: a bomb of nested arrays is refused, not walked. */
const MAX_DEPTH = 32;

/** The path of the first string (value or key) holding invalid text, or null. */
export function invalidTextAt(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return INVALID_TEXT.test(value) ? path || 'value' : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  if (depth > MAX_DEPTH) return path || 'value';
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (INVALID_TEXT.test(key)) return at;
    const found = invalidTextAt(item, at, depth + 1);
    if (found) return found;
  }
  return null;
}

function refuse(where: string, path: string): AppError {
  return new AppError(400, 'validation_failed', `${path}: Text may not contain NUL or unpaired surrogate characters.`, where, [{ path, message: 'Invalid text' }]);
}

/**
 * Refuses invalid text at the edge, before any query sees it: the address (path parameters and
 * query) and cookies when the request arrives, the body once parsed.
 */
export function registerTextGuard(app: FastifyInstance) {
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify runs a hook without a `done` callback only as an async function
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const inParams = invalidTextAt(request.params);
    if (inParams) throw refuse('path', inParams);
    const inQuery = invalidTextAt(request.query);
    if (inQuery) throw refuse('query', inQuery);
    const inCookies = invalidTextAt(request.cookies);
    if (inCookies) throw refuse('cookie', inCookies);
  });
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify runs a hook without a `done` callback only as an async function
  app.addHook('preValidation', async (request) => {
    const inBody = invalidTextAt(request.body);
    if (inBody) throw refuse('body', inBody);
  });
}
