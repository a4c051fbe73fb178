import { SignJWT } from 'jose';
import { formatInZone } from '../time/venue-time.js';
import type { MemberPassItem, TicketPassItem, WalletOrder } from './wallet-items.js';
import type { GoogleWalletSettings } from './wallet-settings.js';
import { DATE_FORMAT, TIME_FORMAT } from '@foyer/contracts/rules';

export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';

const text = (value: string) => ({ defaultValue: { language: 'en-US', value } });
/** Google ids are {issuerId}.{suffix}, the suffix of letters, digits, '.', '_' and '-'. */
const walletId = (settings: GoogleWalletSettings, suffix: string) => `${settings.issuerId}.${suffix.replace(/[^A-Za-z0-9._-]/g, '_')}`;

/**
 * A Google Wallet "Save" link (docs/wallet-passes.md#what-has-a-pass wallet links): a JWT signed RS256 with the operator's service
 * account key, holding an event ticket object per ticket and a generic object per member card, and
 * the classes they belong to (Google creates a class on first save). `origin` is the storefront's.
 * Signed by jose.
 */
export async function googleSaveLink(settings: GoogleWalletSettings, order: WalletOrder, origin: string, now: Date): Promise<string> {
  const tickets = order.items.filter((i): i is TicketPassItem => i.kind === 'ticket');
  const cards = order.items.filter((i): i is MemberPassItem => i.kind === 'member');
  const payload: Record<string, unknown[]> = {};
  if (tickets.length) {
    // One class per event and start: Google shows the event's name, venue and time from the class.
    const classes = new Map(tickets.map((t) => [classSuffix(t), t]));
    payload.eventTicketClasses = [...classes].map(([suffix, t]) => ticketClass(settings, order, suffix, t));
    payload.eventTicketObjects = tickets.map((t) => ticketObject(settings, order, t));
  }
  if (cards.length) {
    const suffix = 'membership';
    payload.genericClasses = [{ id: walletId(settings, suffix) }];
    payload.genericObjects = cards.map((m) => memberObject(settings, order, suffix, m));
  }
  const claims = { iss: settings.serviceAccountEmail, aud: 'google', typ: 'savetowallet', iat: Math.floor(now.getTime() / 1000), origins: [origin], payload };
  const jwt = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ: 'JWT' }).sign(settings.privateKey);
  return `${GOOGLE_SAVE_URL}${jwt}`;
}

const classSuffix = (t: TicketPassItem) => `event_${t.eventId}_${t.start ?? 'any'}`;

function ticketClass(settings: GoogleWalletSettings, order: WalletOrder, suffix: string, t: TicketPassItem) {
  return {
    id: walletId(settings, suffix),
    issuerName: order.sellerName,
    eventName: text(t.eventName),
    reviewStatus: 'UNDER_REVIEW',
    venue: { name: text(t.venueName), ...(t.venueAddress ? { address: text(t.venueAddress) } : {}) },
    // With the venue's offset: Google shows the time as the venue's clock reads it.
    ...(t.start && t.eventType !== 'flexible' ? { dateTime: { start: formatInZone(t.start, t.timezone), ...(t.end ? { end: formatInZone(t.end, t.timezone) } : {}) } } : {}),
  };
}

/** A ticket's Google object id: its pass's serial (the scan code it was first saved with; docs/wallet-passes.md "Updates"). */
export const ticketObjectId = (settings: GoogleWalletSettings, serial: string) => walletId(settings, `ticket_${serial}`);

/**
 * The PATCH of a saved ticket object after a change (docs/wallet-passes.md "Updates"): the ticket
 * it shows now (scan code, type, seat, holder), its date and time as the venue's clock reads them
 * and its valid interval (the class, shared with other buyers' tickets of the old date, keeps its
 * own), and INACTIVE once the ticket is cancelled or refunded.
 */
export function ticketObjectUpdate(settings: GoogleWalletSettings, order: WalletOrder, t: TicketPassItem) {
  const { id: _id, classId: _classId, ...object } = ticketObject(settings, order, t);
  const start = t.start && t.eventType !== 'flexible' ? t.start : null;
  const when = start ? formatInZone(start, t.timezone, t.eventType !== 'all_day' && t.showsTime ? `${DATE_FORMAT} ${TIME_FORMAT}` : DATE_FORMAT) : null;
  return {
    ...object,
    state: t.voided ? 'INACTIVE' : 'ACTIVE',
    ...(when ? { textModulesData: [{ id: 'date', header: 'Date', body: when }] } : {}),
    ...(!t.validity && start ? { validTimeInterval: { start: { date: formatInZone(start, t.timezone) }, ...(t.end ? { end: { date: formatInZone(t.end, t.timezone) } } : {}) } } : {}),
  };
}

function ticketObject(settings: GoogleWalletSettings, order: WalletOrder, t: TicketPassItem) {
  return {
    id: ticketObjectId(settings, t.pass?.serial ?? t.scanCode),
    classId: walletId(settings, classSuffix(t)),
    state: 'ACTIVE',
    ticketNumber: t.scanCode,
    ticketType: text(t.typeName),
    ...(t.admitName ? { ticketHolderName: t.admitName } : {}),
    ...(t.seat ? { seatInfo: { section: text(t.seat.section), row: text(t.seat.row), seat: text(t.seat.name) } } : {}),
    barcode: { type: 'QR_CODE', value: t.scanCode, alternateText: t.scanCode },
    reservationInfo: { confirmationCode: order.orderNumber },
    // A start policy or duration (docs/catalog.md): the pass is valid for the ticket's own dates.
    ...(t.validity ? { validTimeInterval: { start: { date: formatInZone(t.validity.from, t.timezone) }, end: { date: formatInZone(t.validity.to, t.timezone) } } } : {}),
  };
}

function memberObject(settings: GoogleWalletSettings, order: WalletOrder, suffix: string, m: MemberPassItem) {
  return {
    id: walletId(settings, `member_${m.scanCode}`),
    classId: walletId(settings, suffix),
    state: 'ACTIVE',
    cardTitle: text(order.sellerName),
    header: text(m.name || m.levelName),
    subheader: text(m.levelName),
    barcode: { type: 'QR_CODE', value: m.scanCode, alternateText: m.scanCode },
    validTimeInterval: { start: { date: m.validFrom }, end: { date: m.validTo } },
  };
}
