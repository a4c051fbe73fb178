import { en, format } from '../../i18n/en.js';
import { formatOrderDate } from '../../lib/dates.js';
import { safeTz } from '../../lib/venue-time.js';
import type { MembershipCard } from './api.js';
import { byCodePoint } from '../../lib/compare.js';

/**
 * The viewer's membership cards read for display (docs/accounts.md#my-account My Account membership details, docs/accounts.md#my-account
 * renewal), pure: cards bought together form one set (level, expiry and renewal are the set's);
 * the expiry text adds "renew from {date}" while renewal is not open yet.
 */

export interface CardSet {
  id: string;
  cards: MembershipCard[];
  /** The set's first card: its level, term and renewal stand for the set. */
  main: MembershipCard;
}

const rankOf = (status: MembershipCard['status']) => (status === 'current' ? 0 : status === 'upcoming' ? 1 : 2);

/** Cards grouped by card set: current sets first, then upcoming, then expired; the latest end first within each. */
export function cardSets(cards: readonly MembershipCard[]): CardSet[] {
  const sets = new Map<string, MembershipCard[]>();
  for (const card of cards) {
    const key = card.card_set_id ?? card.id;
    sets.set(key, [...(sets.get(key) ?? []), card]);
  }
  return [...sets]
    .map(([id, list]) => ({ id, cards: list, main: list.find((c) => c.role === 'member') ?? list[0] }))
    .sort((a, b) => rankOf(a.main.status) - rankOf(b.main.status) || byCodePoint(b.main.valid_to ?? '', a.main.valid_to ?? ''));
}

/** A set that may be renewed now (the newest one first), else null. */
export function renewableSet(sets: readonly CardSet[]): CardSet | null {
  return sets.find((s) => s.main.renewal?.allowed === true) ?? null;
}

/** The venue/seller-local day of an instant, in the date format. */
export function cardDate(iso: string, timezone: string): string {
  return formatOrderDate(safeTz(iso, timezone).format('YYYY-MM-DD'));
}

/**
 * docs/memberships.md#5-renewal: "Expires {date}", or "Expired {date}"; while renewal is not open yet the text adds
 * "renew from {date}".
 */
export function expiryText(card: Pick<MembershipCard, 'valid_from' | 'valid_to' | 'status' | 'renewal'>, timezone: string): string {
  if (!card.valid_to) return en.membership.noExpiry;
  const date = cardDate(card.valid_to, timezone);
  if (card.status === 'expired') return format(en.membership.expired, { date });
  if (card.renewal && !card.renewal.allowed && card.renewal.from) return format(en.membership.expiresRenewFrom, { date, from: formatOrderDate(card.renewal.from) });
  return format(en.membership.expires, { date });
}

/** True when the viewer holds a current (or already renewed, upcoming) membership. */
export function hasCurrentMembership(cards: readonly Pick<MembershipCard, 'status'>[]): boolean {
  return cards.some((c) => c.status === 'current' || c.status === 'upcoming');
}
