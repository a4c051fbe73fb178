import type { TWalletPrecheckDocument, WalletProvider } from '@foyer/contracts';
import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { document } from '../http/envelope.js';
import { membershipById } from '../membership/public.js';
import { orderOfSeller } from '../orders/public.js';
import { readOwnOrder, type OrderAccess } from '../orders/read-order.js';
import { applePasses } from './apple-pass.js';
import { googleSaveLink } from './google-save-link.js';
import { walletItems, type WalletOrder, type WalletPick } from './wallet-items.js';
import { passesOfTickets } from './wallet-pass.repository.js';
import type { WalletSettings } from './wallet-settings.js';

const notOffered = (provider: WalletProvider) =>
  new AppError(404, 'not_found', provider === 'apple' ? 'Apple Wallet passes are not offered.' : 'Google Wallet passes are not offered.', 'ticket_order');

/** Who asks: the order's access (login, browser or manage key) and the logged-in user, if any. */
export interface WalletAccess extends OrderAccess {
  userId?: string | null;
}

/**
 * The order, to its owner (as GET ticket_order/{id}); and to a member asking for their own card
 * of it (a membership bought for them by someone else: My Account shows it with its wallet buttons).
 */
async function walletOrder(db: Db, access: WalletAccess, pick: WalletPick) {
  if (pick.membershipId && access.userId && !access.key) {
    const card = await membershipById(db, pick.membershipId);
    if (card && card.user_id === access.userId && card.ticket_order_id === access.orderId) {
      const order = await orderOfSeller(db, access.sellerId, access.orderId);
      if (order) return order;
    }
  }
  return readOwnOrder(db, access);
}

/**
 * GET ticket_order/{id}/walletprecheck (docs/wallet-passes.md#what-has-a-pass, docs/wallet-passes.md#calls): per provider, ok when the operator configured
 * it and the order has something to put in a wallet (an admitting ticket or a member card). The
 * order's owner only, as GET ticket_order/{id}.
 */
export async function walletPrecheck(db: Db, wallet: WalletSettings | undefined, access: WalletAccess, pick: WalletPick): Promise<TWalletPrecheckDocument> {
  const order = await walletOrder(db, access, pick);
  const hasItems = await walletItems(db, order, pick).then(
    () => true,
    (error: unknown) => {
      if (error instanceof AppError && error.status === 404) return false;
      throw error;
    },
  );
  const rows = [
    { provider: 'apple' as const, ok: hasItems && !!wallet?.apple },
    { provider: 'google' as const, ok: hasItems && !!wallet?.google },
  ];
  return document('wallet_precheck', rows, rows.length) as TWalletPrecheckDocument;
}

/** Apple's web service of pass updates, as a pass names it (docs/wallet-passes.md "Updates"); Wallet appends /v1/…. */
export const appleWebServiceUrl = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}/api/wallet/apple`;

/**
 * The ticket passes handed out are recorded (serial, token), so a later change of a ticket updates
 * them (docs/wallet-passes.md "Updates"); each ticket item carries its pass.
 */
export async function handOut(db: Db, orderId: string, items: WalletOrder, now: Date): Promise<WalletOrder> {
  const tickets = items.items.filter((i) => i.kind === 'ticket');
  const passes = await passesOfTickets(db, orderId, tickets, now.toISOString());
  return { ...items, items: items.items.map((i) => {
    if (i.kind !== 'ticket') return i;
    const pass = passes.get(i.scanCode);
    return pass ? { ...i, pass: { serial: i.scanCode, authToken: pass.auth_token } } : i;
  }) };
}

/** GET ticket_order/{id}/pkpass: one ticket's or member card's signed pass, or all of the order's as a bundle. */
export async function applePassesOfOrder(db: Db, wallet: WalletSettings | undefined, access: WalletAccess, pick: WalletPick, publicUrl: string) {
  const order = await walletOrder(db, access, pick);
  if (!wallet?.apple) throw notOffered('apple');
  const items = await handOut(db, order.id, await walletItems(db, order, pick), access.now ?? new Date());
  return applePasses(wallet.apple, { ...items, webServiceUrl: appleWebServiceUrl(publicUrl) });
}

/** GET ticket_order/{id}/gwpass: the Google Wallet save link of one ticket or member card, or of all the order's. */
export async function googleSaveLinkOfOrder(db: Db, wallet: WalletSettings | undefined, access: WalletAccess, pick: WalletPick, publicUrl: string) {
  const order = await walletOrder(db, access, pick);
  if (!wallet?.google) throw notOffered('google');
  const now = access.now ?? new Date();
  return googleSaveLink(wallet.google, await handOut(db, order.id, await walletItems(db, order, pick), now), new URL(publicUrl).origin, now);
}
