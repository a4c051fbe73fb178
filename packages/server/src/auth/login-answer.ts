import type { FastifyReply, FastifyRequest } from 'fastify';
import { list } from '../http/envelope.js';
import { userDocument } from '../users/user-document.js';
import { membershipsOf } from '../users/memberships.js';
import type { Tx } from '../db/database.js';
import type { BegunSession } from './begin-session.js';
import { setSessionCookies } from './sessions.js';

/**
 * The answer of every login (POST login, the external-login callback): the session cookies and
 * the user document with identity, identity meta and the member's memberships (000 §4: "login
 * stores membership and identity"), the session's end and the kept cart.
 */
export async function loginAnswer(request: FastifyRequest, reply: FastifyReply, result: BegunSession, embed: Iterable<string>, redirectPath: string | null, deps: { db: Tx; now: Date }) {
  setSessionCookies(request, reply, result.token, result.expiresAt);
  reply.header('cache-control', 'private, no-store');
  return {
    ...userDocument(result.user, new Set(['identity', 'identity.meta', ...embed])),
    membership: list(await membershipsOf(deps.db, result.user, deps.now)),
    session: { expires_at: result.expiresAt },
    cart_id: result.cartId,
    redirectPath,
  };
}
