import { SESSION_EXPIRES_COOKIE } from '@foyer/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../app-context.js';
import { resolveSession, SESSION_COOKIE } from '../auth/sessions.js';

/** Whether an answer may be kept by a shared cache (/cached_api, images, built assets). */
const isPublic = (cacheControl: ReturnType<FastifyReply['getHeader']>) => /\bpublic\b/.test(String(cacheControl ?? ''));

/** App-wide hooks: who is asking (session → viewer identity) and what a shared cache may keep. */
export function registerAppHooks(app: FastifyInstance, ctx: AppContext) {
  // Every /api request: a live session makes the user's identity the request's identity (docs/accounts.md#cookies).
  // Publicly cacheable answers (/cached_api, images) never depend on cookies nor set them: no session there.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/image')) return;
    if (request.cookies[SESSION_COOKIE] || request.cookies[SESSION_EXPIRES_COOKIE]) await resolveSession(ctx.db, request, reply, ctx.now());
  });

  // A publicly cacheable answer never carries a cookie: a shared cache would hand it to others.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (isPublic(reply.getHeader('cache-control'))) reply.removeHeader('set-cookie');
    return payload;
  });
}
