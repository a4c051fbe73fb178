import type { TReserveTicket } from '@foyer/contracts';
import { en, format } from '../../../../i18n/en.js';
import { formatDate } from '../../../../lib/dates.js';
import { attendeeNeeds, isFlexiblePrice } from '@foyer/contracts/rules';
import { parseSurvey } from '../quantities/survey.js';
import type { EventDetail, PriceGroup } from '../../../../shared/events/model.js';
import { typeKey, type Quantities } from '../quantities/quantities.js';

/**
 * Deep links on the event route (docs/deep-links.md#deep-links-to-an-event), pure: which query parameters preselect what, how
 * ticket quantities given by type id or name resolve against the event's ticket types, and the
 * message for each way a link can fail. `code` is left alone (the promo-code flow reads it).
 */

/** `session` (today, next or a session id) or `date` (YYYY-MM-DD); they cannot be combined — with both, `session` wins. */
export type Preselection = { kind: 'date'; date: string } | { kind: 'today' } | { kind: 'next' } | { kind: 'session'; id: string } | null;

/**
 * `reserve` (docs/events.md#the-event-page): warn, strict, or a truthy value (on); anything else is off. With it on, a
 * link that resolves completely is reserved straight away; warn shows what went wrong, strict
 * only the generic unavailable message.
 */
export type ReserveMode = 'off' | 'on' | 'warn' | 'strict';
export const RESERVE_TRUTHY = ['1', 'on', 'enabled', 'true', 't', 'yes', 'y'] as const;

/** Parameters with their own meaning: never ticket quantities. */
export const LINK_PARAMS = ['tg', 'select', 'price', 'code', 'session', 'date', 'reserve'] as const;

export interface DeepLink {
  preselect: Preselection;
  /** `select`: a ticket type id preselected (one of it unless a quantity is also given). */
  select: string | null;
  /** `price`: the amount preset in flexible-price fields (a decimal with at most 2 places). */
  price: string | null;
  reserve: ReserveMode;
  /** Other parameters with a whole-number value: quantities by ticket type id or name. */
  quantities: { ref: string; quantity: number }[];
}

/** A page opened without a link. */
export const NO_LINK: DeepLink = { preselect: null, select: null, price: null, reserve: 'off', quantities: [] };

export function readPreselection(search: URLSearchParams): Preselection {
  const session = search.get('session')?.trim();
  if (session === 'today' || session === 'next') return { kind: session };
  if (session) return { kind: 'session', id: session };
  const date = search.get('date')?.trim();
  if (date && /^\d{4}-\d{2}-\d{2}$/.test(date)) return { kind: 'date', date };
  return null;
}

export function readReserveMode(value: string | null): ReserveMode {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === 'warn' || text === 'strict') return text;
  return (RESERVE_TRUTHY as readonly string[]).includes(text) ? 'on' : 'off';
}

export function parseDeepLink(search: URLSearchParams): DeepLink {
  const quantities: DeepLink['quantities'] = [];
  for (const [key, value] of search) {
    if ((LINK_PARAMS as readonly string[]).includes(key) || !/^\d{1,4}$/.test(value.trim())) continue;
    quantities.push({ ref: key, quantity: Number(value.trim()) });
  }
  const price = search.get('price')?.trim() ?? '';
  return {
    preselect: readPreselection(search),
    select: search.get('select')?.trim() || null,
    price: /^\d+(\.\d{1,2})?$/.test(price) ? price : null,
    reserve: readReserveMode(search.get('reserve')),
    quantities,
  };
}

/** Something in the link asks for tickets (a selection or quantities). */
export function asksForTickets(link: DeepLink): boolean {
  return link.select !== null || link.quantities.length > 0;
}

export interface ResolvedTickets {
  /** Keyed like the quantity selection (group:type). */
  quantities: Quantities;
  /** The link named ticket types and none of them matched. */
  notFound: boolean;
}

/**
 * Quantities from the link, matched against the shown ticket types by id, else by name
 * (case-insensitive); a type offered in several groups goes to the first. Unknown parameters that
 * match nothing are ignored (they may be a campaign's), but a link whose every ticket reference
 * misses is 'not found'.
 */
export function resolveTickets(link: DeepLink, groups: PriceGroup[]): ResolvedTickets {
  const find = (ref: string): string | null => {
    const wanted = ref.trim().toLowerCase();
    for (const match of [(id: string) => id.toLowerCase() === wanted, (_: string, name: string) => name.trim().toLowerCase() === wanted]) {
      for (const { group, types } of groups) for (const { type } of types) if (match(type.id, type.name)) return typeKey(group.id, type.id);
    }
    return null;
  };
  const quantities: Quantities = {};
  let asked = 0;
  let matched = 0;
  for (const { ref, quantity } of link.quantities) {
    const key = find(ref);
    if (!key) continue;
    matched++;
    if (quantity > 0) quantities[key] = quantity;
  }
  if (link.select) {
    asked++;
    const key = find(link.select);
    if (key) {
      matched++;
      if (!(key in quantities)) quantities[key] = 1;
    }
  }
  // Whole-number parameters count as ticket references only when nothing matched at all.
  if (matched === 0) asked += link.quantities.length;
  return { quantities, notFound: asked > 0 && matched === 0 };
}

/** The event with flexible-price types preset to the link's `price` (when within their range). */
export function withPresetPrice(detail: EventDetail, price: string | null): EventDetail {
  if (price === null) return detail;
  const inRange = (min: string, max: string) => Number(price) >= Number(min) && Number(price) <= Number(max) && Number(price) > 0;
  return {
    ...detail,
    groups: detail.groups.map((g) => ({
      ...g,
      types: g.types.map((t) => {
        // A flexible price (isFlexiblePrice): both bounds set.
        const { currency_amount_min: min, currency_amount_max: max } = t.type;
        return min !== null && max !== null && inRange(min, max) ? { ...t, type: { ...t.type, currency_amount: Number(price).toFixed(2) } } : t;
      }),
    })),
  };
}

/** The reserve call's items for the resolved quantities on a session. */
/**
 * Whether the link's tickets need forms before they can be held (docs/events.md#attendees-and-surveys: a required attendee name
 * or e-mail, from the type's rule or the group's or event's meta, or a survey with a required
 * question): a link with `reserve` then opens those forms instead of reserving without them.
 */
export function linkNeedsForms(quantities: Quantities, detail: Pick<EventDetail, 'event' | 'groups'>): boolean {
  for (const { group, types } of detail.groups) {
    const chosen = types.filter(({ type }) => (quantities[typeKey(group.id, type.id)] ?? 0) > 0);
    if (!chosen.length) continue;
    for (const { rule } of chosen) {
      const needs = attendeeNeeds(rule, group, detail.event);
      if (needs.name === 'required' || needs.email === 'required') return true;
    }
    try {
      if (parseSurvey(group.additional_info_spec)?.fields.some((f) => f.required)) return true;
    } catch {
      return true; // a survey the page cannot show: never reserve around it
    }
  }
  return false;
}

export function reserveItems(quantities: Quantities, groups: PriceGroup[], sessionId: string): TReserveTicket[] {
  const items: TReserveTicket[] = [];
  for (const { group, types } of groups) {
    for (const { type } of types) {
      const q = quantities[typeKey(group.id, type.id)] ?? 0;
      for (let i = 0; i < q; i++) {
        const item: TReserveTicket = { ticket_type_id: type.id, event_session_id: sessionId };
        if (isFlexiblePrice(type)) item.face_value = type.currency_amount;
        items.push(item);
      }
    }
  }
  return items;
}

/**
 * What can go wrong with a link (docs/events.md#field-rules): its ticket types are not found, its date is not on
 * sale, its session is not among those on sale, or the automatic reserve is refused.
 */
export type LinkProblem =
  | { kind: 'types_not_found' }
  | { kind: 'forms_needed' }
  | { kind: 'date_unavailable'; date: string }
  | { kind: 'session_unavailable' }
  | { kind: 'reserve_refused'; message: string };

/**
 * The text for a problem: strict mode says only that the tickets are unavailable (the seller's
 * tickets_unavailable_message, else the default); every other mode names the problem.
 */
export function problemText(problem: LinkProblem, mode: ReserveMode, unavailableText: string | null): string {
  if (mode === 'strict') return unavailableText ?? en.deepLinks.ticketsUnavailable;
  switch (problem.kind) {
    case 'types_not_found':
      return en.deepLinks.typesNotFound;
    case 'forms_needed':
      return en.deepLinks.formsNeeded;
    case 'date_unavailable':
      return format(en.event.dateUnavailable, { date: formatDate(problem.date) });
    case 'session_unavailable':
      return en.event.sessionUnavailable;
    case 'reserve_refused':
      return problem.message;
  }
}
