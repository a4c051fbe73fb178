import type { FastifyRequest } from 'fastify';
import { sessionOf } from '../auth/sessions.js';
import type { Tx } from '../db/database.js';
import { ANONYMOUS, type Viewer } from '../events/viewer.js';
import { membershipStatus } from './levels.js';
import { membershipsOfUser } from './membership.repository.js';
import { userById } from '../users/public.js';

/**
 * Who is asking (docs/memberships.md#3-being-recognised): the request's login session and the user's memberships, resolved
 * once per request. Publicly cached reads (/cached_api) never look: they are the same for everyone.
 */
export async function resolveViewer(db: Tx, request: FastifyRequest, sellerId: string, now: Date, cached = false): Promise<Viewer> {
  if (cached) return ANONYMOUS;
  const session = sessionOf(request);
  if (!session || session.sellerId !== sellerId) return ANONYMOUS;
  return viewerOfUser(db, sellerId, session.userId, now);
}

export async function viewerOfUser(db: Tx, sellerId: string, userId: string, now: Date): Promise<Viewer> {
  const memberships = await membershipsOfUser(db, sellerId, userId);
  if (!memberships.length) {
    // A member an operator added by member id (CLI `member add`): a member, with no level to draw benefits from.
    const user = await userById(db, userId);
    return { isMember: Boolean(user?.scan_code), userId, memberships };
  }
  const statuses = memberships.map((m) => membershipStatus(m, now));
  const isMember = statuses.includes('current');
  return { isMember, lapsed: !isMember && statuses.includes('expired'), userId, memberships };
}
