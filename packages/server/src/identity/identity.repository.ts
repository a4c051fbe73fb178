import { prepared } from '../db/prepared.js';

/** Identity rows (Kysely only). Prepared (db/prepared.ts): every request reads its identity, and a first write stores one. */

export const identityByTokenHash = prepared((db, tokenHash: string) => db.selectFrom('identity').select(['id', 'kind']).where('token_hash', '=', tokenHash));

export const insertIdentity = prepared((tx, id: string, kind: string, tokenHash: string, createdAt: string) =>
  tx.insertInto('identity').values({ id, kind, token_hash: tokenHash, created_at: createdAt }),
);
