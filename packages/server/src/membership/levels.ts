import { DEFAULT_LEVEL_ROLES, type TLevelRole, type TMembershipLevel } from '@foyer/contracts';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);

/** A level as the rules need it: the catalog's membership_levels row, or the default. */
export interface Level {
  ticketTypeId: string;
  termMonths: number;
  allowedPeriodDays: number;
  roles: TLevelRole[];
  memberEventPurchaseLimit: number | null;
}

/** A membership ticket type without a membership_levels entry: one member card for 12 months. */
export function defaultLevel(ticketTypeId: string): Level {
  return { ticketTypeId, termMonths: 12, allowedPeriodDays: 30, roles: [...DEFAULT_LEVEL_ROLES], memberEventPurchaseLimit: null };
}

export function levelOut(level: Level, name: string): TMembershipLevel {
  return {
    id: level.ticketTypeId,
    ticket_type_id: level.ticketTypeId,
    name,
    term_months: level.termMonths,
    allowed_period_days: level.allowedPeriodDays,
    roles: level.roles,
    member_event_purchase_limit: level.memberEventPurchaseLimit,
  };
}

/** One term after `fromIso` (calendar months: 12 months from 2026-03-31 ends 2027-03-31). */
export function termEnd(fromIso: string, termMonths: number): string {
  return dayjs.utc(fromIso).add(termMonths, 'month').toISOString();
}

/** Renewal opens allowed_period days before the membership ends (docs/memberships.md#5-renewal); YYYY-MM-DD (UTC). */
export function renewalOpens(validTo: string, allowedPeriodDays: number): string {
  return dayjs.utc(validTo).subtract(allowedPeriodDays, 'day').format('YYYY-MM-DD');
}

export function renewalAllowed(validTo: string, allowedPeriodDays: number, now: Date): boolean {
  return now.toISOString().slice(0, 10) >= renewalOpens(validTo, allowedPeriodDays);
}

/** A renewal extends from the current end, or from today once lapsed: no day is paid twice or lost. */
export function renewedEnd(validTo: string, termMonths: number, now: Date): string {
  const from = validTo > now.toISOString() ? validTo : now.toISOString();
  return termEnd(from, termMonths);
}

export type MembershipStatus = 'current' | 'upcoming' | 'expired';
export function membershipStatus(m: { valid_from: string; valid_to: string }, now: Date): MembershipStatus {
  const iso = now.toISOString();
  if (iso < m.valid_from) return 'upcoming';
  return iso < m.valid_to ? 'current' : 'expired';
}
