import { CHECKIN_TEXT, type TCheckin } from '@foyer/contracts';
import type { Db, Dialect } from '../db/database.js';
import { dropChangeAtDoor } from '../orders/self-edit/drop-change-at-door.js';
import { DATE_FORMAT, localDate, TIME_FORMAT } from '@foyer/contracts/rules';
import { formatInZone } from '../time/venue-time.js';
import { AppError } from '../http/app-error.js';
import { membershipByScanCodeKey } from '../membership/public.js';
import { scanCodeKey } from '../users/normalize.js';
import { firstCardOfTicket, firstMemberCheckin, insertMemberCheckin, redeemBookedTicket, scannedTicket, ticketState } from './check-in.repository.js';
import { mustExist } from '../must-exist.js';

const at = (iso: string, tz: string) => formatInZone(iso, tz, TIME_FORMAT);
const day = (iso: string, tz: string) => formatInZone(iso, tz, DATE_FORMAT);

function alreadyRedeemed(redeemedAt: string, tz: string): AppError {
  return new AppError(409, 'already_redeemed', CHECKIN_TEXT.alreadyRedeemed.replace('{time}', `${at(redeemedAt, tz)} on ${day(redeemedAt, tz)}`), 'checkin', { redeemed_at: redeemedAt });
}

/** Why a ticket that is not `booked` cannot be let in: let in already (and when), or cancelled. */
function notAdmissible(state: string, redeemedAt: string | null, tz: string): AppError {
  return state === 'redeemed' && redeemedAt ? alreadyRedeemed(redeemedAt, tz) : new AppError(409, 'ticket_cancelled', CHECKIN_TEXT.cancelled, 'checkin');
}

/**
 * POST checkin (issue 13): the door's scanner sends a code. A booked ticket for a session of today
 * (venue-local) becomes `redeemed` — by one conditional update, so two scanners reading it at once
 * let it in once and the other is told when. A current member card is let in once per day (a
 * row per card and day). Cancelled tickets, other days' tickets and cards not current are refused.
 */
export async function checkIn(db: Db, dialect: Dialect, input: { sellerId: string; sellerTimezone: string; scanCode: string; now: Date }): Promise<TCheckin> {
  const code = input.scanCode.trim();
  const ticket = await scannedTicket(db, input.sellerId, code);
  if (ticket && ticket.handler === 'membership') {
    // A membership order's ticket stands for its cards: the member card is what lets them in.
    const card = await firstCardOfTicket(db, ticket.id);
    if (card) return checkInMember(db, { ...input, scanCode: card.scan_code });
  }
  if (ticket && ticket.start_datetime && ticket.end_datetime) {
    return checkInTicket(db, dialect, { ...ticket, start_datetime: ticket.start_datetime, end_datetime: ticket.end_datetime, timezone: ticket.timezone ?? input.sellerTimezone }, input.now);
  }
  return checkInMember(db, input);
}

interface ScannedTicket {
  id: string;
  state: string;
  admit_name: string | null;
  redeemed_at: string | null;
  scan_code: string | null;
  event_name: string;
  type_name: string;
  timezone: string;
  start_datetime: string;
  end_datetime: string;
}

async function checkInTicket(db: Db, dialect: Dialect, ticket: ScannedTicket, now: Date): Promise<TCheckin> {
  const tz = ticket.timezone;
  if (ticket.state !== 'booked' && ticket.state !== 'in_cart') throw notAdmissible(ticket.state, ticket.redeemed_at, tz);
  // A session's day(s), venue-local: a timed session's date, an all-day or multi-day one's span.
  const today = localDate(now.toISOString(), tz);
  if (today < localDate(ticket.start_datetime, tz) || today > localDate(ticket.end_datetime, tz)) {
    throw new AppError(409, 'ticket_not_today', CHECKIN_TEXT.notToday.replace('{date}', day(ticket.start_datetime, tz)), 'checkin', { start_datetime: ticket.start_datetime });
  }
  // A change of this ticket still open online gives way to the visitor at the door.
  if (ticket.state === 'in_cart' && !(await dropChangeAtDoor(db, dialect, ticket.id, now))) throw new AppError(409, 'intent_processing', CHECKIN_TEXT.beingChanged, 'checkin');
  const redeemedAt = now.toISOString();
  if (!(await redeemBookedTicket(db, ticket.id, redeemedAt))) {
    // Another scanner got there first, or the ticket was cancelled meanwhile: say which.
    const current = await ticketState(db, ticket.id);
    throw notAdmissible(current.state, current.redeemed_at, tz);
  }
  return {
    kind: 'ticket',
    // Found by its scan code: it has one.
    scan_code: mustExist(ticket.scan_code, `scan code of ticket ${ticket.id}`),
    redeemed_at: redeemedAt,
    name: ticket.admit_name,
    event_name: ticket.event_name,
    ticket_type_name: ticket.type_name,
    start_datetime: ticket.start_datetime,
    valid_to: null,
  };
}

async function checkInMember(db: Db, input: { sellerId: string; sellerTimezone: string; scanCode: string; now: Date }): Promise<TCheckin> {
  const card = await membershipByScanCodeKey(db, input.sellerId, scanCodeKey(input.scanCode));
  if (!card) throw new AppError(404, 'scan_code_not_found', CHECKIN_TEXT.unknownCode, 'checkin');
  const tz = input.sellerTimezone;
  const nowIso = input.now.toISOString();
  // A gift not yet redeemed has not started; otherwise valid_from ≤ now ≤ valid_to.
  const started = !card.redeem_code_hash || card.redeemed_at !== null;
  if (!started || nowIso < card.valid_from || nowIso > card.valid_to) {
    const text = CHECKIN_TEXT.membershipNotCurrent.replace('{from}', day(card.valid_from, tz)).replace('{to}', day(card.valid_to, tz));
    throw new AppError(409, 'membership_expired', text, 'checkin', { valid_from: card.valid_from, valid_to: card.valid_to });
  }
  const localDay = localDate(nowIso, tz);
  if (!(await insertMemberCheckin(db, card.id, localDay, nowIso))) {
    throw alreadyRedeemed(await firstMemberCheckin(db, card.id, localDay), tz);
  }
  return {
    kind: 'member',
    scan_code: card.scan_code,
    redeemed_at: nowIso,
    name: `${card.first_name} ${card.last_name}`.trim(),
    event_name: null,
    ticket_type_name: null,
    start_datetime: null,
    valid_to: card.valid_to,
  };
}
