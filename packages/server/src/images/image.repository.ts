import type { Tx } from '../db/database.js';

export function findImage(db: Tx, id: string) {
  return db.selectFrom('image').select(['data', 'content_type', 'width', 'height']).where('id', '=', id).executeTakeFirst();
}
