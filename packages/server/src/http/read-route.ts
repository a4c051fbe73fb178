import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { normalisedUrl, type CachedAnswer } from './response-cache.js';

/** An answer whose ETag its handler decides: one that names only part of it (the seat map's geometry, not its live states). */
export class Tagged {
  constructor(
    readonly body: unknown,
    readonly etag: string,
  ) {}
}

export interface ReadContext {
  request: FastifyRequest;
  /** True on /cached_api: the answer must not depend on who is asking. */
  cached: boolean;
}

/**
 * Registers a GET at /api{path} (private, revalidated by ETag), and — when cacheable — the same handler at /cached_api{path}
 * with public Cache-Control and an ETag (304 on If-None-Match). Cached answers never read cookies,
 * and come from the app's response cache (response-cache.ts) when it has one. `schema` documents the /api route
 * (http/route-docs.ts; the /cached_api twin is not listed apart).
 */
export function readRoute(
  app: FastifyInstance,
  path: string,
  handler: (ctx: ReadContext) => Promise<unknown>,
  options: { cacheable?: boolean; maxAge?: number; memoOnApi?: boolean; schema?: FastifySchema } = {},
) {
  const cacheable = options.cacheable ?? true;
  // Fresh on every call (or within the app's short /api memo, for answers that never depend on the caller and opt in),
  // yet a poll that finds nothing changed (live availability, seat states) gets a 304.
  app.get(`/api${path}`, options.schema ? { schema: options.schema } : {}, async (request, reply) => {
    const compute = async () => handler({ request, cached: false });
    const memo = options.memoOnApi && cacheable ? app.apiMemo : undefined;
    const body = memo ? await memo.get(normalisedUrl(request.url), async () => cacheableAnswer(await compute())) : await compute();
    if (Buffer.isBuffer(body)) return reply.header('cache-control', 'private, no-cache').send(body);
    const { payload, etag } = memo ? (body as CachedAnswer) : cacheableAnswer(body);
    return sendWithEtag(request, reply, payload, 'private, no-cache', JSON_TYPE, etag);
  });
  if (!cacheable) return;
  const maxAge = options.maxAge ?? 30;
  app.get(`/cached_api${path}`, async (request, reply) => {
    const compute = async () => cacheableAnswer(await handler({ request, cached: true }));
    const answer = app.responseCache ? await app.responseCache.get(normalisedUrl(request.url), compute) : await compute();
    return sendAnswer(request, reply, answer, maxAge);
  });
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** The bytes and ETag of an answer (JSON unless it is bytes already; a Tagged answer's own ETag). */
function cacheableAnswer(body: unknown): CachedAnswer {
  if (body instanceof Tagged) return { payload: Buffer.from(JSON.stringify(body.body)), etag: body.etag, type: JSON_TYPE };
  if (Buffer.isBuffer(body)) return { payload: body, etag: etagOf(body) };
  const payload = Buffer.from(JSON.stringify(body));
  return { payload, etag: etagOf(payload), type: JSON_TYPE };
}

export const etagOf = (payload: string | Buffer) => `"${createHash('sha1').update(payload).digest('base64url')}"`;

/** An answer the browser revalidates by ETag: 304 when its copy is the same; `type` set unless the answer is bytes with its own. */
export function sendWithEtag(request: FastifyRequest, reply: FastifyReply, payload: string | Buffer, cacheControl: string, type?: string, etag = etagOf(payload)) {
  if (request.headers['if-none-match'] === etag) return reply.headers({ 'cache-control': cacheControl, etag, vary: 'Accept-Encoding' }).code(304).send();
  return reply.headers(type ? { 'cache-control': cacheControl, etag, vary: 'Accept-Encoding', 'content-type': type } : { 'cache-control': cacheControl, etag, vary: 'Accept-Encoding' }).send(payload);
}

/** Public caching with an ETag; JSON unless the body is already bytes (then the type set stays). */
export function sendCacheable(request: FastifyRequest, reply: FastifyReply, body: unknown, maxAge: number) {
  return sendAnswer(request, reply, cacheableAnswer(body), maxAge);
}

function sendAnswer(request: FastifyRequest, reply: FastifyReply, { payload, etag, type }: CachedAnswer, maxAge: number) {
  return sendWithEtag(request, reply, payload, `public, max-age=${maxAge}`, type, etag);
}
