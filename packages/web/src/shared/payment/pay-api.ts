import type { TCartDocument, TLedger, TLedgerDocument, TPayAnswer, TPayBody } from '@foyer/contracts';
import { api, createApiClient } from '../../api/client.js';

/** The payment calls of docs/checkout.md#calls, shared by checkout and an order's later instalments. */

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
  return doc.ledger._data.at(0) ?? null;
}

export function newIdempotencyKey(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}
