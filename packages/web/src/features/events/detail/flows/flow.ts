import type { TEventTemplate, TTicketGroup } from '@foyer/contracts';

/**
 * Which flow the event screen runs (docs/events.md#the-event-page), first match wins:
 * - membership: every group sells memberships (the buy-membership flow, its own issue);
 * - add_one: every group is a gift card (ledger) or donation group — one ticket, one click;
 * - members_only: a members-only event whose groups the visitor may not see;
 * - single: a single event — its sessions, no date picker;
 * - flexible: an any-day event, or one that sells only discount codes or vouchers (`codes`
 *   groups: a code needs no session, docs/events.md#flows) — no date or time at all;
 * - quantity_first: event meta reserve_flow, else the configured default, is 'quantity_first';
 * - date_first: everything else.
 */
export type FlowKind = 'membership' | 'add_one' | 'members_only' | 'single' | 'flexible' | 'quantity_first' | 'date_first';

export const QUANTITY_FIRST = 'quantity_first';
/** Group handlers sold one ticket at a time from the add-one-to-cart flow. */
export const ADD_ONE_HANDLERS: readonly TTicketGroup['handler'][] = ['ledger', 'donation'];

export interface FlowInput {
  event: Pick<TEventTemplate, 'event_type' | 'hidden_type' | 'meta'>;
  groups: readonly { group: Pick<TTicketGroup, 'handler'> }[];
  /** Configuration web.default_reserve_flow. */
  defaultFlow: unknown;
}

export function chooseFlow({ event, groups, defaultFlow }: FlowInput): FlowKind {
  const handlers = groups.map(({ group }) => group.handler);
  if (handlers.length && handlers.every((h) => h === 'membership')) return 'membership';
  if (handlers.length && handlers.every((h) => ADD_ONE_HANDLERS.includes(h))) return 'add_one';
  // The server leaves members-only groups out for visitors who are not members (docs/events.md#members-only-events).
  if (event.hidden_type === 'public_member_only' && !handlers.length) return 'members_only';
  if (handlers.length && handlers.every((h) => h === 'codes')) return 'flexible';
  if (event.event_type === 'single') return 'single';
  if (event.event_type === 'flexible') return 'flexible';
  const wanted = typeof event.meta.reserve_flow === 'string' && event.meta.reserve_flow ? event.meta.reserve_flow : defaultFlow;
  return wanted === QUANTITY_FIRST ? 'quantity_first' : 'date_first';
}
