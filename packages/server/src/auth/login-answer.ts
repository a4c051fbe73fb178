import type { TLoginAnswer } from '@foyer/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Tx } from '../db/database.js';
import { userDocument } from '../users/user-document.js';
import type { BegunSession } from './begin-session.js';
import { setSessionCookies } from './sessions.js';

/**
 * The answer of every login (POST login, the external-login callback): the session cookies and
 * the user document (with the member's memberships) with identity and identity meta (docs/accounts.md#web-screens: "login
 * stores membership and identity"), the session's end and the kept cart.
 */
export async function loginAnswer(request: FastifyRequest, reply: FastifyReply, result: BegunSession, embed: Iterable<string>, redirectPath: string | null, deps: { db: Tx; now: Date }): Promise<TLoginAnswer> {
  setSessionCookies(request, reply, result.token, result.expiresAt);
  reply.header('cache-control', 'private, no-store');
  return {
    ...(await userDocument(deps.db, result.user, new Set(['identity', 'identity.meta', ...embed]), deps.now)),
    session: { expires_at: result.expiresAt },
    cart_id: result.cartId,
    redirectPath,
  };
}
