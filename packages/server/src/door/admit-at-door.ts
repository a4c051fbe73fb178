import type { TDoorRefusal, TDoorResult } from '@foyer/contracts';
import type { Db, Dialect } from '../db/database.js';
import { inWriteTransaction } from '../db/write-batch.js';
import { localDate } from '@foyer/contracts/rules';
import { AppError } from '../http/app-error.js';
import { uuidv7 } from '../ids.js';
import { checkIn } from '../checkin/check-in.js';
import type { DoorStaff } from '../checkin/staff-auth.js';
import { dropChangeAtDoor } from '../orders/self-edit/drop-change-at-door.js';
import { admitterOfCard, admitterOfTicket, insertDoorScan, membershipIdByScanCodeKey, redeemTicket, ticketByScanCode, ticketsOfChange, type DoorSessionRow, type DoorTicketRow } from './door.repository.js';
import { ticketResult, unknownResult } from './door-result.js';
import { scanCodeKey } from '../users/normalize.js';
import { mustExist } from '../must-exist.js';

export interface DoorScanInput {
  sellerId: string;
  sellerTimezone: string;
  session: DoorSessionRow;
  scanCode: string;
  staff: DoorStaff;
  source: 'scan' | 'lookup' | 'offline';
  /** When the door let them in: now, or the time an offline door queued it. */
  scannedAt: string;
  /** A queued offline admission's id (unique in the log). */
  clientRef?: string;
  now: Date;
}

/**
 * A scan at the door for one session (docs/door.md). A ticket of this session, booked, is let in
 * by one conditional update (booked → redeemed) in the transaction that logs who let it in: two
 * doors scanning one code at once let it in once, and the other is told when and by whom. Other
 * sessions' tickets, cancelled or rescheduled ones are refused with the reason; member cards go
 * through check-in's once-a-day rule. Every scan is logged for the running count.
 */
export async function admitAtDoor(db: Db, dialect: Dialect, input: DoorScanInput): Promise<TDoorResult> {
  const code = input.scanCode.trim();
  const ticket = await ticketByScanCode(db, input.sellerId, code);
  if (!ticket || ticket.handler === 'membership') return admitMemberCard(db, dialect, { ...input, scanCode: code });
  const base = ticketResult(ticket);
  const refusal = await ticketRefusal(db, ticket, input);
  if (refusal) return logged(db, input, ticket, { ...base, outcome: 'refused', reason: refusal.reason, scan_id: null, session_start: refusal.sessionStart });
  if (ticket.state === 'in_cart' && !(await dropChangeAtDoor(db, dialect, ticket.id, input.now))) {
    return logged(db, input, ticket, { ...base, outcome: 'refused', reason: 'being_changed', scan_id: null });
  }
  if (ticket.state === 'redeemed') return alreadyAdmitted(db, input, ticket);
  const scanId = uuidv7();
  const admitted = await inWriteTransaction(db, dialect, async (tx) => {
    if (!(await redeemTicket(tx, ticket.id, input.scannedAt))) return false;
    await insertDoorScan(tx, { ...logRow(input, ticket.id, null, 'admitted', null), id: scanId });
    return true;
  });
  if (admitted) return { ...base, outcome: 'admitted', reason: null, scan_id: scanId, admitted_at: input.scannedAt, admitted_by: input.staff.name };
  // Another door got there first, or it was cancelled meanwhile: say which.
  const now = await ticketByScanCode(db, input.sellerId, code);
  if (now?.state === 'redeemed') return alreadyAdmitted(db, input, now);
  return logged(db, input, ticket, { ...base, outcome: 'refused', reason: 'ticket_cancelled', scan_id: null });
}

/** Why a ticket is not for this door now, if it is not: cancelled (or rescheduled), another session or day. */
async function ticketRefusal(db: Db, ticket: DoorTicketRow, input: DoorScanInput): Promise<{ reason: TDoorRefusal; sessionStart: string | null } | null> {
  if (!['booked', 'redeemed', 'in_cart'].includes(ticket.state)) {
    const moved = ticket.change_cart_id ? await rescheduledTo(db, ticket) : null;
    return moved ? { reason: 'rescheduled', sessionStart: moved } : { reason: 'ticket_cancelled', sessionStart: null };
  }
  if (ticket.event_session_id === input.session.id) return null;
  // A ticket without a session (a pass of the event) is good for any of its sessions within its term.
  if (!ticket.event_session_id && ticket.event_template_id === input.session.event_template_id && (!ticket.valid_to || ticket.valid_to >= input.scannedAt) && (!ticket.valid_from || ticket.valid_from <= input.scannedAt)) return null;
  const tz = input.session.timezone ?? input.sellerTimezone;
  const sameDay = ticket.start_datetime !== null && localDate(ticket.start_datetime, tz) === localDate(input.now.toISOString(), tz);
  return { reason: sameDay ? 'wrong_session' : 'not_today', sessionStart: ticket.start_datetime };
}

/** The start of the session a change moved this (cancelled) ticket to, if it did. */
export async function rescheduledTo(db: Db, ticket: Pick<DoorTicketRow, 'change_cart_id'>): Promise<string | null> {
  const replacements = await ticketsOfChange(db, [mustExist(ticket.change_cart_id, 'change cart of a moved ticket')]);
  return replacements.find((r) => r.start_datetime)?.start_datetime ?? null;
}

async function alreadyAdmitted(db: Db, input: DoorScanInput, ticket: DoorTicketRow): Promise<TDoorResult> {
  const by = await admitterOfTicket(db, ticket.id);
  return logged(db, input, ticket, { ...ticketResult(ticket), outcome: 'already_admitted', reason: null, scan_id: null, admitted_at: ticket.redeemed_at, admitted_by: by });
}

function logRow(input: DoorScanInput, ticketId: string | null, membershipId: string | null, outcome: TDoorResult['outcome'], reason: TDoorRefusal | null) {
  return {
    seller_id: input.sellerId,
    event_session_id: input.session.id,
    scan_code: input.scanCode.trim(),
    ticket_id: ticketId,
    membership_id: membershipId,
    outcome,
    reason,
    source: input.source,
    staff_id: input.staff.id,
    staff_name: input.staff.name,
    scanned_at: input.scannedAt,
    recorded_at: input.now.toISOString(),
    client_ref: input.clientRef ?? null,
  };
}

/** Logs a scan that let nobody in, and answers it with its log id. */
async function logged(db: Db, input: DoorScanInput, ticket: { id: string } | null, result: TDoorResult, membershipId: string | null = null): Promise<TDoorResult> {
  const id = uuidv7();
  await insertDoorScan(db, { ...logRow(input, ticket?.id ?? null, membershipId, result.outcome, result.reason), id });
  return { ...result, scan_id: id };
}

/** A member card: check-in's rule (a current card, once a venue-local day), logged for the door. */
async function admitMemberCard(db: Db, dialect: Dialect, input: DoorScanInput): Promise<TDoorResult> {
  try {
    const entry = await checkIn(db, dialect, { sellerId: input.sellerId, sellerTimezone: input.sellerTimezone, scanCode: input.scanCode, now: input.now });
    const card = await membershipIdByScanCodeKey(db, input.sellerId, scanCodeKey(entry.scan_code));
    const result: TDoorResult = { ...unknownResult(entry.scan_code), outcome: 'admitted', reason: null, kind: 'member', name: entry.name, admitted_at: entry.redeemed_at, admitted_by: input.staff.name, valid_to: entry.valid_to };
    const id = uuidv7();
    await insertDoorScan(db, { ...logRow({ ...input, scannedAt: entry.redeemed_at }, null, card?.id ?? null, 'admitted', null), id });
    return { ...result, scan_id: id };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const card = await membershipIdByScanCodeKey(db, input.sellerId, scanCodeKey(input.scanCode));
    const extra = (error.extra ?? {}) as { redeemed_at?: string; valid_from?: string; valid_to?: string };
    const base: TDoorResult = { ...unknownResult(input.scanCode), kind: card ? 'member' : null };
    if (error.code === 'already_redeemed') {
      const by = card && extra.redeemed_at ? await admitterOfCard(db, card.id, extra.redeemed_at) : null;
      return logged(db, input, null, { ...base, outcome: 'already_admitted', reason: null, admitted_at: extra.redeemed_at ?? null, admitted_by: by }, card?.id ?? null);
    }
    if (error.code === 'membership_expired') return logged(db, input, null, { ...base, reason: 'membership_expired', valid_from: extra.valid_from ?? null, valid_to: extra.valid_to ?? null }, card?.id ?? null);
    if (error.code === 'scan_code_not_found') return logged(db, input, null, base);
    throw error;
  }
}
