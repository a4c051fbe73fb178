import type { TOrderSession } from '@foyer/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.js';

/** GET my/order_session: the logged-in user's upcoming visits, soonest first (private). */
export function upcomingQuery(enabled: boolean) {
  return queryOptions({
    queryKey: ['order_session', 'mine'] as const,
    queryFn: async ({ signal }) => (await api.get<{ order_session: { _data: TOrderSession[] } }>('my/order_session', { signal })).order_session._data,
    enabled,
  });
}
