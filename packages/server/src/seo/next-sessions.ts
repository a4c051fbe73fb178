import type { TEventSession } from '@foyer/contracts';
import type { Selectable } from 'kysely';
import type { AppContext } from '../app-context.js';
import type { SellerTable } from '../db/schema.js';
import { parseQuery } from '../http/query.js';
import { listSessions, SESSIONS_QUERY } from '../events/list-sessions.js';
import { ANONYMOUS } from '../events/viewer.js';

/** How far ahead, and how many, sessions an event page's head looks at (its next session and the times of day of its schedule). */
export const NEXT_SESSIONS_DAYS = 14;
export const NEXT_SESSIONS_LIMIT = 50;

/** An event's next sessions on sale, soonest first, as GET events/{id}/sessions answers everyone (docs/search-engines.md). */
export function nextSessions(ctx: AppContext) {
  return async (seller: Selectable<SellerTable>, id: string): Promise<TEventSession[]> => {
    const now = ctx.now();
    const query = parseQuery(
      {
        'start_datetime._gte': now.toISOString(),
        'start_datetime._lt': new Date(now.getTime() + NEXT_SESSIONS_DAYS * 86_400_000).toISOString(),
        _sort: 'start_datetime',
        _limit: String(NEXT_SESSIONS_LIMIT),
      },
      SESSIONS_QUERY,
    );
    const answer = await listSessions(ctx.db, { sellerId: seller.id, timezone: seller.timezone, id, viewer: ANONYMOUS, query, now });
    return (answer as { event_session: { _data: TEventSession[] } }).event_session._data;
  };
}
