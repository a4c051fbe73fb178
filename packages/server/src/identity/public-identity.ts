import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/cookie';
import { uuidv7 } from 'uuidv7';
import type { Tx } from '../db/database.js';

/** The guest's public identity travels as an httpOnly cookie holding a random token (DESIGN §6). */
export const IDENTITY_COOKIE = 'foyer_identity';
const ONE_YEAR_S = 365 * 24 * 3600;

export interface Identity {
  id: string;
  kind: 'public' | 'user';
}

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The identity the request's cookie names, if any. Reads only; never creates. */
export async function readIdentity(db: Tx, request: FastifyRequest): Promise<Identity | null> {
  const token = request.cookies?.[IDENTITY_COOKIE];
  if (!token || token.length > 100) return null;
  const row = await db.selectFrom('identity').select(['id', 'kind']).where('token_hash', '=', hash(token)).executeTakeFirst();
  return row ? { id: row.id, kind: row.kind as Identity['kind'] } : null;
}

/** The request's identity, created on the first write and set as a cookie. */
export async function ensureIdentity(db: Tx, request: FastifyRequest, reply: FastifyReply, now: Date): Promise<Identity> {
  const existing = await readIdentity(db, request);
  if (existing) return existing;
  const token = randomBytes(32).toString('base64url');
  const identity: Identity = { id: uuidv7(), kind: 'public' };
  await db.insertInto('identity').values({ id: identity.id, kind: identity.kind, token_hash: hash(token), created_at: now.toISOString() }).execute();
  reply.setCookie(IDENTITY_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
    maxAge: ONE_YEAR_S,
  });
  return identity;
}
