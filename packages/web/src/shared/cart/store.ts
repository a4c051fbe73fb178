import { isApiError } from '../../api/client.js';
import type { TCartDocument } from '@foyer/contracts';
import { deleteCart, fetchCart, modifyCart, type CartModifyBody } from './api.js';
import { localExpiry } from './countdown.js';
import { cartOf, readCart, refreshOutcome, type CartView } from './model.js';
import { readCartId, writeCartId } from './storage.js';

/**
 * The browser's cart (docs/cart.md#holds-and-expiry): its id in localStorage (per seller), the last cart document, and
 * the local expiry set from every cart response. Components read it with useSyncExternalStore.
 */
export interface CartSnapshot {
  cartId: string | null;
  doc: TCartDocument | null;
  view: CartView | null;
  /** Local expiry, epoch ms (expires_in − 5 s after the response); null without a hold. */
  expiresAt: number | null;
  /** A stored cart is being read. */
  loading: boolean;
  /** The hold ran out: the expiry dialog shows until dismissed. */
  expired: boolean;
  /** A refresh found the stored cart already an order: that order's id (docs/cart.md#holds-and-expiry). */
  completedOrderId: string | null;
}

export interface CartStoreOptions {
  sellerId: string | null;
  timezone?: string;
  now?: () => number;
  /** A refresh found an already completed order (docs/cart.md#holds-and-expiry): its order id when known. */
  onCompleted?: (orderId: string | null) => void;
}

/** Codes after which a stored cart cannot take more tickets: start a new cart instead. */
const STALE_CART_CODES = new Set(['cart_expired', 'not_found', 'scope_error']);

const SERVER_SNAPSHOT: CartSnapshot = { cartId: null, doc: null, view: null, expiresAt: null, loading: false, expired: false, completedOrderId: null };

export class CartStore {
  private snapshot: CartSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly now: () => number;
  private refreshing: Promise<void> | null = null;

  constructor(private readonly options: CartStoreOptions) {
    this.now = options.now ?? (() => Date.now());
    const cartId = readCartId(options.sellerId);
    // No stored cart: the server's snapshot itself, so hydrating a page finds the store unchanged
    // and re-renders nothing (a different object would make React re-render every reader at once).
    this.snapshot = cartId === null ? SERVER_SNAPSHOT : { ...SERVER_SNAPSHOT, cartId };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): CartSnapshot => this.snapshot;

  /** What a server-rendered page shows (no stored cart): the first render of a hydrated page too, whatever is stored. */
  getServerSnapshot = (): CartSnapshot => SERVER_SNAPSHOT;

  private set(patch: Partial<CartSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** A cart response: keep it, remember its id, set the local expiry. */
  accept(doc: TCartDocument) {
    const cart = cartOf(doc);
    if (!cart) { this.clear(); return; }
    writeCartId(this.options.sellerId, cart.id);
    this.set({
      cartId: cart.id,
      doc,
      view: readCart(doc, this.options.timezone),
      expiresAt: localExpiry(cart.expires_in, this.now()),
      loading: false,
      completedOrderId: null,
    });
  }

  /** Forget the cart locally. */
  clear() {
    writeCartId(this.options.sellerId, null);
    this.set({ cartId: null, doc: null, view: null, expiresAt: null, loading: false });
  }

  /** Take over a cart named in the address (/checkout/{cartId}): store it and read it. */
  adopt(cartId: string): Promise<void> {
    if (cartId === this.snapshot.cartId) return this.refresh();
    writeCartId(this.options.sellerId, cartId);
    this.set({ cartId, doc: null, view: null, expiresAt: null, loading: true });
    return (this.refreshing ?? Promise.resolve()).then(() => this.refresh());
  }

  /** Another tab changed the stored cart id: follow it. */
  syncFromStorage() {
    const stored = readCartId(this.options.sellerId);
    if (stored === this.snapshot.cartId) return;
    if (!stored) this.set({ cartId: null, doc: null, view: null, expiresAt: null, loading: false });
    else {
      this.set({ cartId: stored, doc: null, view: null, expiresAt: null });
      void this.refresh();
    }
  }

  /** Reads the stored cart and applies the refresh rules (docs/cart.md#holds-and-expiry). */
  refresh(): Promise<void> {
    if (this.refreshing) return this.refreshing;
    const id = this.snapshot.cartId;
    if (!id) return Promise.resolve();
    this.set({ loading: this.snapshot.doc === null });
    this.refreshing = (async () => {
      let result: { doc: TCartDocument } | { error: unknown };
      try {
        result = { doc: await fetchCart(id) };
      } catch (error) {
        result = { error };
      }
      if (this.snapshot.cartId !== id) return; // replaced meanwhile
      const outcome = refreshOutcome(result);
      switch (outcome.kind) {
        case 'keep':
          this.accept((result as { doc: TCartDocument }).doc);
          break;
        case 'clear':
          this.clear();
          break;
        case 'delete':
          await this.deleteQuietly(id);
          this.clear();
          break;
        case 'complete': {
          const orderId = 'doc' in result ? (cartOf(result.doc)?.ticket_order_id ?? null) : null;
          this.clear();
          this.set({ completedOrderId: orderId });
          this.options.onCompleted?.(orderId);
          break;
        }
        case 'retry':
          this.set({ loading: false });
          break;
      }
    })().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /**
   * Adds (or changes) through the cart's modify; without a cart, creates one. A stored cart that
   * has expired, vanished or belongs to someone else is forgotten and a new one is created, once.
   */
  async modify(body: CartModifyBody): Promise<TCartDocument> {
    const id = this.snapshot.cartId;
    try {
      const doc = await modifyCart(id, body);
      this.accept(doc);
      return doc;
    } catch (error) {
      if (id && isApiError(error) && STALE_CART_CODES.has(error.code) && body.add?.length && !body.remove?.length) {
        this.clear();
        const doc = await modifyCart(null, body);
        this.accept(doc);
        return doc;
      }
      if (isApiError(error) && error.code === 'cart_already_booked') this.clear();
      throw error;
    }
  }

  /** Removes tickets from the cart. */
  async remove(ticketIds: string[]): Promise<void> {
    const id = this.snapshot.cartId;
    if (!id) return;
    await this.modify({ remove: ticketIds });
  }

  /** Deletes the whole cart (not_found ignored) and forgets it. */
  async deleteAll(): Promise<void> {
    const id = this.snapshot.cartId;
    if (id) {
      try {
        await deleteCart(id);
      } catch (error) {
        if (!(isApiError(error) && (error.status === 404 || error.code === 'not_found'))) throw error;
      }
    }
    this.clear();
  }

  /** The hold ran out: release it on the server (best effort), forget it, show the dialog. */
  expire() {
    const id = this.snapshot.cartId;
    this.clear();
    this.set({ expired: true });
    if (id) void this.deleteQuietly(id);
  }

  dismissExpired() {
    this.set({ expired: false });
  }

  private async deleteQuietly(id: string) {
    try {
      await deleteCart(id);
    } catch {
      /* not_found and the rest: the cart is cleared anyway */
    }
  }
}
