import type { TDocument, TTicketTypesRequired } from '@foyer/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../api/client.js';
import { SESSION_LIMIT } from '../../../../api/queries.js';
import type { PriceGroup } from '../../../../shared/events/model.js';
import type { SessionsSource } from '../dates-sessions/session-picker.js';
import type { Quantities } from '../quantities/quantities.js';

/**
 * The quantity-first calls (docs/events.md#calls): POST events/{id}/calendar and POST events/{id}/sessions with
 * the quantities chosen — days and sessions that can take them all, priced for them.
 */

/** One entry per ticket type (types sold in several groups are summed), quantities above 0, in group order. */
export function ticketTypesRequired(groups: readonly PriceGroup[], quantities: Quantities): TTicketTypesRequired {
  const byType = new Map<string, number>();
  for (const { group, types } of groups) {
    for (const { type } of types) {
      const q = quantities[`${group.id}:${type.id}`] ?? 0;
      if (q > 0) byType.set(type.id, (byType.get(type.id) ?? 0) + q);
    }
  }
  return { ticket_types_required: [...byType].map(([ticket_type_id, quantity]) => ({ ticket_type_id, quantity })) };
}

export function pricedCalendarQuery(eventId: string, body: TTicketTypesRequired) {
  return queryOptions({
    queryKey: ['calendar', 'list', { event: eventId, _format: 'extended', priced: body.ticket_types_required }] as const,
    queryFn: ({ signal }) => api.post<TDocument>(`events/${encodeURIComponent(eventId)}/calendar`, body, { query: { _format: 'extended' }, signal }),
    staleTime: 30_000,
    // A refusal (too many types) does not get better by asking again.
    retry: false,
  });
}

export function pricedSessionsQuery(eventId: string, date: string, body: TTicketTypesRequired): SessionsSource {
  const query = { _sort: 'start_datetime', _ondate: date, _include_sold_out: 'T' };
  return queryOptions({
    queryKey: ['event_session', 'list', { event: eventId, ...query, priced: body.ticket_types_required }] as const,
    queryFn: ({ signal }) => api.post<TDocument>(`events/${encodeURIComponent(eventId)}/sessions`, body, { query, limit: SESSION_LIMIT, signal }),
    staleTime: 15_000,
    retry: false,
  }) as unknown as SessionsSource;
}

export interface PriceScheduleLine {
  event_session_id: string;
  ticket_type_id: string;
  currency_amount: string;
  quantity: number;
  total: string;
}

/** The price schedule the sessions call returns beside the sessions. */
export function priceSchedule(doc: TDocument | undefined): PriceScheduleLine[] {
  const list = (doc as { price_schedule?: { _data?: unknown } } | undefined)?.price_schedule?._data;
  return Array.isArray(list) ? (list as PriceScheduleLine[]) : [];
}
