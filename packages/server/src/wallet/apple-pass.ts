import { PassType, PKPass } from 'passkit-generator';
import { formatInZone } from '../time/venue-time.js';
import { passIcons } from './pass-icons.js';
import { validityText } from '../cart/ticket-validity.js';
import type { MemberPassItem, TicketPassItem, WalletItem, WalletOrder } from './wallet-items.js';
import type { AppleWalletSettings } from './wallet-settings.js';
import { DATE_FORMAT, TIME_FORMAT } from '@foyer/contracts/rules';

/** Colours of the pass (Wallet draws the rest): a dark card with white text. */
const COLORS = { backgroundColor: 'rgb(24,32,48)', foregroundColor: 'rgb(255,255,255)', labelColor: 'rgb(190,200,215)' };

/**
 * Apple Wallet passes (docs/wallet-passes.md#what-has-a-pass wallet links): an event ticket per ticket, a store card per member
 * card, each with its scan code as QR barcode, signed (PKCS#7, detached, over manifest.json's SHA-1
 * hashes) with the operator's pass certificate and Apple's WWDR certificate. One item: a .pkpass;
 * several: a .pkpasses bundle.
 */
export async function applePasses(settings: AppleWalletSettings, order: WalletOrder): Promise<{ body: Buffer; contentType: string; filename: string }> {
  const passes = await Promise.all(order.items.map((item) => applePass(settings, order, item)));
  if (passes.length === 1) return { body: passes[0].getAsBuffer(), contentType: 'application/vnd.apple.pkpass', filename: `${fileStem(order)}.pkpass` };
  return { body: PKPass.pack(...passes).getAsBuffer(), contentType: 'application/vnd.apple.pkpasses', filename: `${fileStem(order)}.pkpasses` };
}

const fileStem = (order: WalletOrder) => `order-${order.orderNumber}`.replace(/[^A-Za-z0-9_-]/g, '');

async function applePass(settings: AppleWalletSettings, order: WalletOrder, item: WalletItem): Promise<PKPass> {
  const pass = new PKPass(
    { ...(await passIcons()) },
    { wwdr: settings.wwdr, signerCert: settings.signerCert, signerKey: settings.signerKey, signerKeyPassphrase: settings.signerKeyPassphrase },
    {
      formatVersion: 1,
      passTypeIdentifier: settings.passTypeIdentifier,
      teamIdentifier: settings.teamIdentifier,
      // The scan code it was issued with: unique per ticket and card; a rescheduled ticket's pass keeps it (docs/wallet-passes.md "Updates").
      serialNumber: item.kind === 'ticket' && item.pass ? item.pass.serial : item.scanCode,
      // A ticket's pass asks Apple's web service for updates (docs/wallet-passes.md "Updates").
      ...(item.kind === 'ticket' && item.pass && order.webServiceUrl ? { webServiceURL: order.webServiceUrl, authenticationToken: item.pass.authToken } : {}),
      ...(item.kind === 'ticket' && item.voided ? { voided: true } : {}),
      organizationName: order.sellerName,
      description: item.kind === 'ticket' ? `${item.eventName} ticket` : `${item.levelName} membership`,
      logoText: order.sellerName,
      ...COLORS,
    },
  );
  pass.setBarcodes({ message: item.scanCode, format: 'PKBarcodeFormatQR', messageEncoding: 'iso-8859-1', altText: item.scanCode });
  if (item.kind === 'ticket') ticketFields(pass, item, order);
  else memberFields(pass, item, order);
  return pass;
}

/** The pass's one style, which holds its fields (the pass's own field accessors are deprecated in passkit-generator 3.x). */
function passStyle(pass: PKPass, style: 'eventTicket' | 'storeCard'): PassType<'eventTicket' | 'storeCard'> {
  const type = new PassType(style);
  pass.types.push(type);
  return type;
}

function ticketFields(pass: PKPass, t: TicketPassItem, order: WalletOrder) {
  const style = passStyle(pass, 'eventTicket');
  style.primaryFields.push({ key: 'event', label: 'EVENT', value: t.eventName });
  // Times as the venue's clock shows them, whatever zone the phone is in; a flexible (any-date) ticket has none.
  const start = t.start && t.eventType !== 'flexible' ? t.start : null;
  if (start) {
    style.secondaryFields.push({ key: 'date', label: 'DATE', value: formatInZone(start, t.timezone, DATE_FORMAT) });
    if (t.eventType !== 'all_day' && t.showsTime) style.secondaryFields.push({ key: 'time', label: 'TIME', value: formatInZone(start, t.timezone, TIME_FORMAT) });
    pass.setRelevantDate(new Date(start));
  }
  if (t.validity) style.auxiliaryFields.push({ key: 'valid', label: 'VALID', value: validityText(t.validity, t.timezone) });
  style.auxiliaryFields.push({ key: 'venue', label: 'VENUE', value: t.venueName });
  if (t.seat) style.auxiliaryFields.push({ key: 'seat', label: 'SEAT', value: [t.seat.section, `Row ${t.seat.row}`, `Seat ${t.seat.name}`].filter(Boolean).join(', ') });
  style.headerFields.push({ key: 'type', label: 'TICKET', value: t.typeName });
  style.backFields.push(
    { key: 'order', label: 'Order', value: order.orderNumber },
    ...(t.admitName ? [{ key: 'admit', label: 'Admits', value: t.admitName }] : []),
    ...(t.venueAddress ? [{ key: 'address', label: 'Address', value: t.venueAddress }] : []),
    { key: 'code', label: 'Ticket code', value: t.scanCode },
  );
  const expires = t.validity?.to ?? t.end;
  if (expires) pass.setExpirationDate(new Date(expires));
}

function memberFields(pass: PKPass, m: MemberPassItem, order: WalletOrder) {
  const style = passStyle(pass, 'storeCard');
  style.primaryFields.push({ key: 'level', label: 'MEMBERSHIP', value: m.levelName });
  style.secondaryFields.push({ key: 'name', label: 'MEMBER', value: m.name }, { key: 'id', label: 'MEMBER ID', value: m.scanCode });
  style.auxiliaryFields.push({ key: 'expires', label: 'VALID UNTIL', value: new Date(m.validTo).toISOString(), dateStyle: 'PKDateStyleMedium' });
  style.backFields.push({ key: 'order', label: 'Order', value: order.orderNumber }, { key: 'from', label: 'Member since', value: new Date(m.validFrom).toISOString(), dateStyle: 'PKDateStyleMedium' });
  pass.setExpirationDate(new Date(m.validTo));
}
