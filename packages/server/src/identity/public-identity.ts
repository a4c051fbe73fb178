import { createHash } from 'node:crypto';
import { pooledRandomBytes } from '../random-pool.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/cookie';
import { uuidv7 } from '../ids.js';
import type { Tx } from '../db/database.js';
import { sessionOf } from '../auth/sessions.js';
import { secureCookies } from '../http/cookie-security.js';
import { identityByTokenHash, insertIdentity } from './identity.repository.js';

/** The guest's public identity travels as an httpOnly cookie holding a random token (docs/accounts.md#cookies). */
export const IDENTITY_COOKIE = 'foyer_identity';
const ONE_YEAR_S = 365 * 24 * 3600;

export interface Identity {
  id: string;
  kind: 'public' | 'user';
}

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * The request's identity: the logged-in user's (session, see auth/sessions.ts) wins over the
 * guest's cookie. Reads only; never creates.
 */
export async function readIdentity(db: Tx, request: FastifyRequest): Promise<Identity | null> {
  const session = sessionOf(request);
  if (session) return { id: session.identityId, kind: 'user' };
  return readPublicIdentity(db, request);
}

/** The guest identity the request's cookie names, if any, whether or not someone is logged in. */
export async function readPublicIdentity(db: Tx, request: FastifyRequest): Promise<Identity | null> {
  const token = request.cookies[IDENTITY_COOKIE];
  if (!token || token.length > 100) return null;
  const row = (await identityByTokenHash(db, hash(token))).rows.at(0);
  return row ? { id: row.id, kind: row.kind as Identity['kind'] } : null;
}

/** An identity for a write: the existing one, or a new one to be stored with the write itself. */
export interface WriterIdentity {
  identity: Identity;
  /** Set when the identity is new: insert it (same transaction as the write), then set the cookie. */
  fresh: { token: string; tokenHash: string } | null;
}

export async function writerIdentity(db: Tx, request: FastifyRequest): Promise<WriterIdentity> {
  const existing = await readIdentity(db, request);
  if (existing) return { identity: existing, fresh: null };
  const token = pooledRandomBytes(32).toString('base64url');
  return { identity: { id: uuidv7(), kind: 'public' }, fresh: { token, tokenHash: hash(token) } };
}

/** Stores a new identity; a no-op for an existing one. */
export async function storeIdentity(tx: Tx, writer: WriterIdentity, now: Date) {
  if (!writer.fresh) return;
  await insertIdentity(tx, writer.identity.id, writer.identity.kind, writer.fresh.tokenHash, now.toISOString());
}

/** Hands a new identity's token to the browser (httpOnly, SameSite=Lax) once its write succeeded. */
export function setIdentityCookie(request: FastifyRequest, reply: FastifyReply, writer: WriterIdentity) {
  if (!writer.fresh) return;
  reply.setCookie(IDENTITY_COOKIE, writer.fresh.token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: secureCookies(request),
    maxAge: ONE_YEAR_S,
  });
}
