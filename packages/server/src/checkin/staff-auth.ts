import { createHash, timingSafeEqual } from 'node:crypto';
import { CHECKIN_TEXT } from '@foyer/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { AppError } from '../http/app-error.js';
import { hit, LIMITS, peek, rateLimited } from '../rate-limit/rate-limit.js';

/** Who is at the door: a stable id for the log and the name shown ("Already admitted … by {name}"). */
export interface DoorStaff {
  id: string;
  name: string;
}

/**
 * The one place the door's calls are authorised (docs/door.md). Today: a bearer token of
 * FOYER_STAFF_TOKENS (an entry `Name:token` names its holder). When staff accounts land, this
 * module reads the staff cookie and its role (door, box_office, admin) instead; nothing else changes.
 * Wrong tokens are counted per address; over the limit, even a right one waits.
 */
export async function authoriseStaff(ctx: AppContext, request: FastifyRequest): Promise<DoorStaff> {
  const now = ctx.now();
  const tries = await peek(ctx.db, LIMITS.staffTokenIp, request.ip, now);
  if (!tries.allowed) throw rateLimited(tries.retryAfter);
  const index = staffTokenIndex(request, ctx.settings.staffTokenHashes ?? []);
  if (index < 0) {
    await hit(ctx.db, LIMITS.staffTokenIp, request.ip, now);
    throw new AppError(401, 'not_authorized', CHECKIN_TEXT.noToken, 'checkin');
  }
  const hash = ctx.settings.staffTokenHashes![index]!;
  return { id: `token:${hash.slice(0, 16)}`, name: ctx.settings.staffTokenNames?.[index] ?? `Door ${index + 1}` };
}

/** Which configured token the request carries (compared as sha256, in constant time); -1 for none. */
function staffTokenIndex(request: FastifyRequest, hashes: string[]): number {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match) return -1;
  const presented = createHash('sha256').update(match[1]!).digest();
  let found = -1;
  hashes.forEach((hash, i) => {
    if (timingSafeEqual(presented, Buffer.from(hash, 'hex')) && found < 0) found = i;
  });
  return found;
}
