import type { TCartDocument, TLedger, TLedgerDocument, TOrderDocument, TPayAnswer, TPayBody } from '@foyer/contracts';
import { api, buildSearch, createApiClient } from '../../api/client.js';
import { identityIdOfConflict, identityIdOfUser } from './model.js';

/** The checkout calls of docs/checkout.md#calls. */

/** POST user without a password: a guest's identity; a known e-mail answers 409 with its identity id. */
export async function registerGuest(value: { first_name: string; last_name: string; email: string }): Promise<string> {
  try {
    const doc = await api.post<unknown>('user', value, { embed: ['identity'] });
    const id = identityIdOfUser(doc);
    if (!id) throw new Error('no identity in the user document');
    return id;
  } catch (error) {
    const existing = identityIdOfConflict(error);
    if (existing) return existing;
    throw error;
  }
}

/** A logged-in member buys as themselves (docs/checkout.md#calls POST my/cart/{id}/checkout). */
export function memberCheckout(cartId: string): Promise<TCartDocument> {
  return api.post<TCartDocument>(`my/cart/${encodeURIComponent(cartId)}/checkout`, {});
}

/**
 * The purchaser and their answers to the "your information" form, which the server checks again
 * (docs/memberships.md#7-gifts-of-membership); a guest giving a membership names its giftee too.
 */
export function guestCheckout(cartId: string, identityId: string, answers: Record<string, string | boolean> = {}, gifteeIdentityId?: string, paymentMethodType?: string): Promise<TCartDocument> {
  return api.post<TCartDocument>(`cart/${encodeURIComponent(cartId)}/guest_checkout`, {
    guest_identity_id: identityId,
    send_email: true,
    identity_form: answers,
    ...(gifteeIdentityId ? { giftee_identity_id: gifteeIdentityId } : {}),
    // bacs_debit / afterpay_clearpay: the server requires the address too (docs/payments.md#redirect-methods-afterpay--clearpay-and-bacs-direct-debit).
    ...(paymentMethodType ? { payment_method_type: paymentMethodType } : {}),
  });
}

/**
 * A known buyer paying with a method that needs the address (docs/checkout.md#your-information): its answers, checked by the
 * server, which knows who pays — a member (my/cart guest_checkout names them) or, for a change to an
 * order (self-edit), the order's buyer (its e-mail was sent with the order, so none is sent now).
 */
export function addressCheckout(cartId: string, answers: Record<string, string | boolean>, paymentMethodType: string, member: boolean): Promise<TCartDocument> {
  return api.post<TCartDocument>(`${member ? 'my/cart' : 'cart'}/${encodeURIComponent(cartId)}/guest_checkout`, { send_email: member, identity_form: answers, payment_method_type: paymentMethodType });
}

/** The pay call carries an Idempotency-Key: one per attempt, reused by a double click. */
const payClient = (key: string) =>
  createApiClient({
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('Idempotency-Key', key);
      return globalThis.fetch(input, { ...init, headers });
    },
  });

/** `orderKey`: a booked order's manage-link key (paying its later instalments, features/manage/instalments). */
export function payCart(cartId: string, body: TPayBody, idempotencyKey: string, member = false, orderKey: string | null = null): Promise<TPayAnswer> {
  const client = payClient(idempotencyKey);
  client.setSellerId(api.getSellerId());
  return client.post<TPayAnswer>(`${member ? 'my/cart' : 'cart'}/${encodeURIComponent(cartId)}/pay`, body, orderKey ? { query: { key: orderKey } } : undefined);
}

/** Keeps an applied gift card on the cart until it is paid (docs/payments.md "Gift cards"); answers the cart. */
export function keepGiftCard(cartId: string, number: string, member = false): Promise<TCartDocument> {
  return api.post<TCartDocument>(`${member ? 'my/cart' : 'cart'}/${encodeURIComponent(cartId)}/gift_card`, { number });
}

/** Takes a kept gift card off the cart. */
export function dropGiftCard(cartId: string, number: string, member = false): Promise<TCartDocument> {
  return api.request<TCartDocument>(`${member ? 'my/cart' : 'cart'}/${encodeURIComponent(cartId)}/gift_card/${encodeURIComponent(number)}`, { method: 'DELETE' });
}

/** The demo gateway's stand-in for the bank page. */
export function confirmDemoIntent(intentId: string): Promise<unknown> {
  return api.post(`payments/demo/${encodeURIComponent(intentId)}/confirm`, {});
}

export async function lookupGiftCard(number: string): Promise<TLedger | null> {
  const doc = await api.get<TLedgerDocument>(`ledger/giftcard/${encodeURIComponent(number)}`);
  return doc.ledger?._data[0] ?? null;
}

export const ORDER_EMBED = ['ticket.ticket_type', 'ticket.event_session', 'ticket.event_template', 'event_template.venue'] as const;

/**
 * GET ticket_order?id._in (docs/checkout.md#calls, the complete page): the orders this browser bought, or the one
 * an e-mail link's key opens. Through /api: orders are private (/cached_api reads no cookies).
 */
export function fetchOrders(ids: string[], key: string | null, signal?: AbortSignal): Promise<TOrderDocument> {
  return api.get<TOrderDocument>('ticket_order', { query: { 'id._in': ids, key }, embed: ORDER_EMBED, signal });
}

/** The order's QR image: the same access as reading it (the browser's cookies, or the key). */
export const qrCodeUrl = (orderId: string, key?: string | null) => `/api/ticket_order/${encodeURIComponent(orderId)}/qrcode${buildSearch({ query: { margin: 4, key } }, api.getSellerId())}`;

export function newIdempotencyKey(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}
