import { z } from 'zod';
import { ZResourceList, ZSessionSpanFields } from './resources.js';
import { ZOpenTermFields } from './wire-primitives.js';
import { ZScanCodeInput } from './checkin.js';

/**
 * The door screen (issue 31, docs/door.md): today's sessions, a session's admission list for
 * offline use, counts and the last scans, undo, lookup by name or order number, admitting some
 * tickets of an order, and the batch of admissions queued while offline.
 */

/** Why a scan is not let in; the web words each one (and the offline screen decides them too). */
export const DOOR_REFUSALS = ['wrong_session', 'not_today', 'ticket_cancelled', 'rescheduled', 'membership_expired', 'not_found', 'being_changed'] as const;
export type TDoorRefusal = (typeof DOOR_REFUSALS)[number];

export const DOOR_OUTCOMES = ['admitted', 'already_admitted', 'refused'] as const;
export const DOOR_SOURCES = ['scan', 'lookup', 'offline'] as const;

/** One of today's sessions, with its counts. */
export const ZDoorSession = z.object({
  id: z.string(),
  event_template_id: z.string(),
  event_name: z.string(),
  venue_name: z.string().nullable(),
  /** The venue's IANA time zone: the screen shows times in it. */
  timezone: z.string(),
  ...ZSessionSpanFields,
  /** Tickets of the session let in / still valid (booked or let in). */
  admitted: z.number().int(),
  expected: z.number().int(),
});
export type TDoorSession = z.infer<typeof ZDoorSession>;
export const ZDoorSessionsAnswer = z.object({ door_session: ZResourceList(ZDoorSession) });

/** States of an entry of the admission list. */
export const DOOR_ENTRY_STATES = ['booked', 'admitted', 'cancelled', 'rescheduled', 'current', 'lapsed'] as const;

/**
 * Who is let in and when, as the admission list and a scan's result both show it: the admit name,
 * the ticket type, the seat's label, and when and by whom it was let in (null until then).
 */
const DOOR_ADMISSION_FIELDS = {
  name: z.string().nullable(),
  ticket_type_name: z.string().nullable(),
  seat: z.string().nullable(),
  admitted_at: z.string().nullable(),
  admitted_by: z.string().nullable(),
};

/** One code of the downloaded admission list: what the offline screen decides a scan with. */
export const ZDoorEntry = z.object({
  scan_code: z.string(),
  kind: z.enum(['ticket', 'member']),
  state: z.enum(DOOR_ENTRY_STATES),
  /** Tickets: the session the ticket is for (today's sessions of the seller are listed). */
  event_session_id: z.string().nullable(),
  /** Tickets: that session's start; rescheduled: the new session's start. */
  session_start: z.string().nullable(),
  ...DOOR_ADMISSION_FIELDS,
});
export type TDoorEntry = z.infer<typeof ZDoorEntry>;
export const ZDoorListAnswer = z.object({ door_entry: ZResourceList(ZDoorEntry), downloaded_at: z.string() });

/** What a scan (or an admission from a lookup) came to. */
export const ZDoorResult = z.object({
  outcome: z.enum(DOOR_OUTCOMES),
  reason: z.enum(DOOR_REFUSALS).nullable(),
  /** The logged scan (null when nothing was logged: a refusal of a code the door cannot place). */
  scan_id: z.string().nullable(),
  scan_code: z.string(),
  kind: z.enum(['ticket', 'member']).nullable(),
  ticket_id: z.string().nullable(),
  /** admitted_at, admitted_by: this scan, or the first one (already_admitted). */
  ...DOOR_ADMISSION_FIELDS,
  /** wrong_session / not_today: the ticket's session start; rescheduled: the new session's start. */
  session_start: z.string().nullable(),
  /** membership_expired: the card's term. */
  ...ZOpenTermFields,
});
export type TDoorResult = z.infer<typeof ZDoorResult>;
export const ZDoorScanAnswer = z.object({ door_scan: ZDoorResult });
export const ZDoorScansAnswer = z.object({ door_scan: ZResourceList(ZDoorResult) });

/** POST door/sessions/{id}/scan. */
export const ZDoorScanBody = z.object({ scan_code: ZScanCodeInput }).strict();
export type TDoorScanBody = z.infer<typeof ZDoorScanBody>;

/** A line of the session's log (the last scans). */
export const ZDoorLogLine = z.object({
  id: z.string(),
  scan_code: z.string(),
  outcome: z.enum(DOOR_OUTCOMES),
  reason: z.enum(DOOR_REFUSALS).nullable(),
  source: z.enum(DOOR_SOURCES),
  name: z.string().nullable(),
  ticket_type_name: z.string().nullable(),
  staff_name: z.string(),
  scanned_at: z.string(),
  undone_at: z.string().nullable(),
  undone_by: z.string().nullable(),
});
export type TDoorLogLine = z.infer<typeof ZDoorLogLine>;
export const DOOR_LAST_SCANS = 20;
export const ZDoorStatus = z.object({
  event_session_id: z.string(),
  admitted: z.number().int(),
  expected: z.number().int(),
  /** The last DOOR_LAST_SCANS scans, newest first. */
  scans: z.array(ZDoorLogLine),
});
export type TDoorStatus = z.infer<typeof ZDoorStatus>;
export const ZDoorStatusAnswer = z.object({ door_status: ZDoorStatus });

/** POST door/sessions/{id}/undo: the admission to take back (the last one this staff member made). */
export const ZDoorUndoBody = z.object({ scan_id: z.string().min(1).max(64) }).strict();
export type TDoorUndoBody = z.infer<typeof ZDoorUndoBody>;

/** GET door/sessions/{id}/lookup?q=: orders with tickets for the session, by buyer or admit name, or order number. */
export const DOOR_LOOKUP_MIN = 2;
export const DOOR_LOOKUP_MAX = 80;
export const DOOR_LOOKUP_LIMIT = 20;
export const ZDoorLookupQuery = z.object({ q: z.string().trim().min(DOOR_LOOKUP_MIN).max(DOOR_LOOKUP_MAX) });
export const ZDoorOrderTicket = z.object({
  id: z.string(),
  scan_code: z.string().nullable(),
  state: z.enum(DOOR_ENTRY_STATES),
  name: z.string().nullable(),
  ticket_type_name: z.string(),
  seat: z.string().nullable(),
  admitted_at: z.string().nullable(),
});
export const ZDoorOrder = z.object({
  id: z.string(),
  order_number: z.string(),
  buyer_name: z.string().nullable(),
  tickets: z.array(ZDoorOrderTicket),
});
export type TDoorOrder = z.infer<typeof ZDoorOrder>;
export const ZDoorLookupAnswer = z.object({ door_order: ZResourceList(ZDoorOrder) });

/** POST door/sessions/{id}/admit: some tickets of one order, found by lookup. */
export const DOOR_ADMIT_MAX = 50;
export const ZDoorAdmitBody = z.object({ ticket_ids: z.array(z.string().min(1).max(64)).min(1).max(DOOR_ADMIT_MAX) }).strict();
export type TDoorAdmitBody = z.infer<typeof ZDoorAdmitBody>;

/** POST door/sessions/{id}/sync: admissions made offline, in the order they were made. */
export const DOOR_SYNC_MAX = 500;
export const ZDoorQueuedScan = z
  .object({
    /** The door's own id of the queued admission: sending it again returns the same answer. */
    client_id: z.string().min(8).max(64),
    scan_code: ZScanCodeInput,
    /** When the door let them in (ISO); the server keeps it if within the last day and not ahead of it. */
    scanned_at: z.iso.datetime(),
  })
  .strict();
export type TDoorQueuedScan = z.infer<typeof ZDoorQueuedScan>;
export const ZDoorSyncBody = z.object({ scans: z.array(ZDoorQueuedScan).min(1).max(DOOR_SYNC_MAX) }).strict();
export type TDoorSyncBody = z.infer<typeof ZDoorSyncBody>;
/** A queued admission's fate: `conflict` when the server did not let it in (someone else did, or it was refused). */
export const ZDoorSynced = z.object({ client_id: z.string(), conflict: z.boolean(), result: ZDoorResult });
export type TDoorSynced = z.infer<typeof ZDoorSynced>;
export const ZDoorSyncAnswer = z.object({ door_sync: ZResourceList(ZDoorSynced) });

export const DOOR_TEXT = {
  sessionNotFound: 'This session is not one of today’s.',
  undoNotLast: 'Only your last admission can be undone.',
  ticketsNotInSession: 'These tickets are not all of one order for this session.',
} as const;
