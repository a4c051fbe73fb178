import { createHash, timingSafeEqual } from 'node:crypto';
import { CHECKIN_TEXT } from '@foyer/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import type { Actor } from '../admin/audit.js';
import { requireStaff } from '../admin/require-staff.js';
import { AppError } from '../http/app-error.js';
import { hit, LIMITS, peek, rateLimited } from '../rate-limit/rate-limit.js';

/** Who is at the door: a stable id for the log and the name shown ("Already admitted … by {name}"). */
export interface DoorStaff {
  id: string;
  name: string;
  /** Who the audit log names (admin/audit.ts): the staff account, or the token's holder. */
  actor: Actor;
}

/**
 * The one place the door's calls are authorised (docs/door.md), in two dialects:
 * - a staff account's cookie session (admin/require-staff.ts) of role door, box_office or admin —
 *   the door screen's sign-in;
 * - a bearer token of FOYER_STAFF_TOKENS (an entry `Name:token` names its holder) — hardware
 *   scanner clients and POST /api/checkin. Wrong tokens are counted per address; over the limit,
 *   even a right one waits.
 * Only calls under /api/admin (where the cookie is sent) pass `staffCookie`; there a request with
 * an Authorization header is still judged by its token alone.
 */
export async function authoriseStaff(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, options: { staffCookie?: boolean } = {}): Promise<DoorStaff> {
  if (options.staffCookie && !request.headers.authorization) {
    const { staff } = await requireStaff(ctx, request, reply, 'door');
    return { id: staff.id, name: staff.email, actor: { id: staff.id, email: staff.email } };
  }
  const now = ctx.now();
  const tries = await peek(ctx.db, LIMITS.staffTokenIp, request.ip, now);
  if (!tries.allowed) throw rateLimited(tries.retryAfter);
  const hashes = ctx.settings.staffTokenHashes ?? [];
  const index = staffTokenIndex(request, hashes);
  if (index < 0) {
    await hit(ctx.db, LIMITS.staffTokenIp, request.ip, now);
    throw new AppError(401, 'not_authorized', CHECKIN_TEXT.noToken, 'checkin');
  }
  const hash = hashes[index];
  const name = ctx.settings.staffTokenNames?.[index] ?? `Door ${index + 1}`;
  return { id: `token:${hash.slice(0, 16)}`, name, actor: { id: null, email: `token:${name}` } };
}

/** Which configured token the request carries (compared as sha256, in constant time); -1 for none. */
function staffTokenIndex(request: FastifyRequest, hashes: string[]): number {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match) return -1;
  const presented = createHash('sha256').update(match[1]).digest();
  let found = -1;
  hashes.forEach((hash, i) => {
    if (timingSafeEqual(presented, Buffer.from(hash, 'hex')) && found < 0) found = i;
  });
  return found;
}
