import type { Tx } from '../db/database.js';

/** What the add-on rule needs of the cart's events: their meta (upsell flag), type and name (for its messages). */
export interface EventKind {
  id: string;
  name: string;
  meta: string;
  event_type: string;
}

export function eventKinds(tx: Tx, ids: string[]): Promise<EventKind[]> {
  return tx.selectFrom('event_template').select(['id', 'name', 'meta', 'event_type']).where('id', 'in', ids).execute();
}
