import { ISO_DURATION } from '@foyer/contracts';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { formatInZone } from '../time/venue-time.js';
import { DATE_FORMAT, DATE_TIME_FORMAT } from '@foyer/contracts/rules';

dayjs.extend(utc);

/** A ticket group's validity settings (docs/catalog.md: start_policy, start_policy_date, duration_new). */
export interface ValidityPolicy {
  start_policy: string | null;
  /** 00:00 venue-local on the chosen day, as UTC ISO (the catalog import resolves it). */
  start_policy_date: string | null;
  duration_new: string | null;
}

/** `fromIso` plus an ISO 8601 duration, in calendar units (P1M from Jan 31 ends Feb 28); null when the text is not one. */
export function addIsoDuration(fromIso: string, duration: string): string | null {
  const match = ISO_DURATION.exec(duration);
  if (!match) return null;
  // An unmatched part of the duration is undefined (RegExpExecArray's type says string).
  const [, y, mo, w, d, h, mi, s] = match.map((x: string | undefined) => Number(x ?? 0));
  return dayjs
    .utc(fromIso)
    .add(y, 'year')
    .add(mo, 'month')
    .add(w * 7 + d, 'day')
    .add(h, 'hour')
    .add(mi, 'minute')
    .add(s, 'second')
    .toISOString();
}

/**
 * When a ticket is valid (docs/catalog.md): by default from its session's start to its end. A
 * `fixedfrom` policy starts it at 00:00 on the policy date, a `fixedto` policy ends it then.
 * `duration_new` sets its length from its start: the fixed start, else the purchase (not before the
 * session starts). A duration never runs past a `fixedto` date; an end before the start is the start.
 */
export function ticketValidity(policy: ValidityPolicy, session: { start_datetime: string; end_datetime: string } | null, now: Date): { valid_from: string | null; valid_to: string | null } {
  const fixed = policy.start_policy_date;
  const fixedFrom = policy.start_policy === 'fixedfrom' && fixed ? fixed : null;
  const fixedTo = policy.start_policy === 'fixedto' && fixed ? fixed : null;
  const duration = policy.duration_new?.trim() || null;
  const nowIso = now.toISOString();
  const purchase = session && session.start_datetime > nowIso ? session.start_datetime : nowIso;
  const validFrom = fixedFrom ?? (duration || fixedTo ? purchase : (session?.start_datetime ?? null));
  let validTo = (duration && validFrom ? addIsoDuration(validFrom, duration) : null) ?? session?.end_datetime ?? null;
  if (fixedTo && (!validTo || fixedTo < validTo)) validTo = fixedTo;
  if (validFrom && validTo && validTo < validFrom) validTo = validFrom;
  return { valid_from: validFrom, valid_to: validTo };
}

/**
 * The validity a ticket shows (ticket page, e-mail, wallet pass): its own dates when they are not
 * simply its session's (a start policy or duration set them); null otherwise.
 */
export function shownValidity(ticket: { valid_from: string | null; valid_to: string | null }, session: { start_datetime: string | null; end_datetime: string | null } | null): { from: string; to: string } | null {
  if (!ticket.valid_from || !ticket.valid_to) return null;
  if (session?.start_datetime === ticket.valid_from && session.end_datetime === ticket.valid_to) return null;
  return { from: ticket.valid_from, to: ticket.valid_to };
}

/** "Mon, Jun 1, 2026 – Tue, Jun 1, 2027" in the venue's zone (a time too when it is not midnight). */
export function validityText(v: { from: string; to: string }, timezone: string): string {
  const show = (iso: string) => {
    const midnight = formatInZone(iso, timezone, 'HH:mm') === '00:00';
    return formatInZone(iso, timezone, midnight ? DATE_FORMAT : DATE_TIME_FORMAT);
  };
  return `${show(v.from)} – ${show(v.to)}`;
}
