import { z } from 'zod';

/** Check-in at the door (issue 13): a staff scanner redeems a ticket or lets a member card in. */

export const SCAN_CODE_MAX = 64;

/** A code a scanner read (a ticket's QR code or a member id), as check-in and the door take it. */
export const ZScanCodeInput = z.string().trim().min(1).max(SCAN_CODE_MAX);

/** POST checkin: the code the scanner read. */
export const ZCheckinBody = z.object({ scan_code: ZScanCodeInput }).strict();
export type TCheckinBody = z.infer<typeof ZCheckinBody>;

/** What the door is told when it lets someone in. */
export const ZCheckin = z.object({
  kind: z.enum(['ticket', 'member']),
  scan_code: z.string(),
  /** When this scan let them in (ISO). */
  redeemed_at: z.string(),
  /** The ticket's admit name, or the member's name. */
  name: z.string().nullable(),
  /** Tickets: the event, type and session start; member cards: the card's end. */
  event_name: z.string().nullable(),
  ticket_type_name: z.string().nullable(),
  start_datetime: z.string().nullable(),
  valid_to: z.string().nullable(),
});
export type TCheckin = z.infer<typeof ZCheckin>;
export const ZCheckinAnswer = z.object({ checkin: ZCheckin });

export const CHECKIN_TEXT = {
  unknownCode: 'This code is not one of our tickets or member cards.',
  /** `_extra.redeemed_at` carries the first scan's time. */
  alreadyRedeemed: 'Already let in at {time}.',
  cancelled: 'This ticket was cancelled and cannot be used.',
  /** A self-edit change of the ticket is being paid online at that moment (409 intent_processing). */
  beingChanged: 'This ticket is being changed online and the change is being paid. Try again in a moment.',
  notToday: 'This ticket is for {date}, not today.',
  membershipNotCurrent: 'This membership is not current: valid {from} to {to}.',
  noToken: 'A staff token is needed to check visitors in.',
} as const;
