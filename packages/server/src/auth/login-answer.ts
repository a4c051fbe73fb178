import type { TLoginAnswer } from '@foyer/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { userDocument } from '../users/user-document.js';
import type { BegunSession } from './begin-session.js';
import { setSessionCookies } from './sessions.js';

/**
 * The answer of every login (POST login, the external-login callback): the session cookies and
 * the user document (with the member's memberships) with identity and identity meta (000 §4: "login
 * stores membership and identity"), the session's end and the kept cart.
 */
export function loginAnswer(request: FastifyRequest, reply: FastifyReply, result: BegunSession, embed: Iterable<string>, redirectPath: string | null): TLoginAnswer {
  setSessionCookies(request, reply, result.token, result.expiresAt);
  reply.header('cache-control', 'private, no-store');
  return {
    ...userDocument(result.user, new Set(['identity', 'identity.meta', ...embed])),
    session: { expires_at: result.expiresAt },
    cart_id: result.cartId,
    redirectPath,
  };
}
