// What the quantities of an event page are given (docs/events.md#flows): the event, the chosen session, its groups and the flow's cache.
import type { TConfigEntry, TEventSession, TEventTemplate, TMessageRule } from '@foyer/contracts';
import type { EventDetail, PriceGroup } from '../../../../shared/events/model.js';
import type { SelectionCache } from './selection-cache.js';

export interface QuantitySelectionProps {
  event: TEventTemplate;
  /** The chosen session; null until one is picked (then the read-only prices show). */
  session: TEventSession | null;
  /** The session's venue-local day (YYYY-MM-DD), for the cached selection. */
  date?: string | null;
  groups: PriceGroup[];
  currency: string;
  /** Event configuration entries (they win over the seller's). */
  eventConfig?: TConfigEntry[];
  /** Where the flow keeps the last selection (docs/events.md#flows cached selection). */
  cache?: SelectionCache;
  /** event_session_sold_out: the flow reloads sessions or dates and says so (docs/events.md#errors). */
  onSoldOut?: (session: TEventSession) => void;
  /** Message rules: quantity_message texts show under the quantities while their triggers pass. */
  messageRules?: TMessageRule[];
  /** The venue timezone, for the session-time triggers of quantity messages. */
  timezone?: string;
  /** An add-on with tickets_must_match_anchor_tickets: exactly this many tickets (pre-filled, capped, explained). */
  matchCount?: number;
}

/** What every flow's quantities take from the event read for the page: its types, rules and timezone. */
export function eventQuantityProps(detail: EventDetail, currency: string): Pick<QuantitySelectionProps, 'event' | 'groups' | 'currency' | 'eventConfig' | 'messageRules' | 'timezone'> {
  return { event: detail.event, groups: detail.groups, currency, eventConfig: detail.config, messageRules: detail.messageRules, timezone: detail.timezone };
}
