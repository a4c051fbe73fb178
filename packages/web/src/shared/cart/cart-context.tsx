import { createContext, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths.js';
import { en } from '../../i18n/en.js';
import { Modal } from '../../ui/modal.js';
import { announcementDue, COUNTDOWN_TICK_MS, secondsLeft } from './countdown.js';
import { CartStore, type CartSnapshot } from './store.js';
import { AnalyticsBridge } from '../analytics/analytics-bridge.js';

/**
 * The cart for the whole app: the store, the one countdown (ticks each second, announces at 5
 * and 2 minutes, expires the cart at 0), the cart drawer's open state and the expiry dialog.
 */
interface CartContextValue {
  store: CartStore;
  drawerOpen: boolean;
  openDrawer: () => void;
  closeDrawer: () => void;
}

const CartContext = createContext<CartContextValue | null>(null);
/** Seconds left on the hold (null without one); its own context so only timers re-render each second. */
const SecondsContext = createContext<number | null>(null);

export const ORDER_COMPLETE_PATH = '/checkout/complete';

/** The order-complete route for these orders (docs/cart.md#screens); an order e-mail's key stays in the tab (manage-key.ts). */
export const completePath = (orderIds: readonly string[]) => `${ORDER_COMPLETE_PATH}?orderIds=${orderIds.map(encodeURIComponent).join(',')}`;

export function CartProvider({ sellerId, timezone, children }: { sellerId: string | null; timezone: string; children: ReactNode }) {
  const navigate = useNavigate();
  // The store outlives a render: its callbacks reach the latest navigate through this ref.
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const store = useMemo(
    // eslint-disable-next-line react-hooks/refs -- read when the store completes an order (after a pay), never during render
    () => new CartStore({ sellerId, timezone, onCompleted: (orderId) => void navigateRef.current(orderId ? completePath([orderId]) : paths.home, { replace: true }) }),
    [sellerId, timezone],
  );
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);
  const [drawerOpen, setDrawerOpen] = useState(false);

  // Read the stored cart at start and whenever the tab comes back (the hold may have run on).
  useEffect(() => {
    void store.refresh();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void store.refresh();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key.startsWith('foyer:cart:')) store.syncFromStorage();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('storage', onStorage);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('storage', onStorage);
    };
  }, [store]);

  const seconds = useCountdown(store, snapshot);
  const announcement = useAnnouncement(seconds);

  const value = useMemo<CartContextValue>(
    () => ({ store, drawerOpen, openDrawer: () => setDrawerOpen(true), closeDrawer: () => setDrawerOpen(false) }),
    [store, drawerOpen],
  );

  return (
    <CartContext.Provider value={value}>
      <SecondsContext.Provider value={seconds}>
        {/* Before the pages: its effects (the tag manager switched on) run before theirs. */}
        <AnalyticsBridge store={store} />
        {children}
        <p className="visually-hidden" aria-live="assertive" aria-atomic="true" data-testid="cart-announcer">
          {announcement}
        </p>
        <ExpiryDialog
          open={snapshot.expired}
          onStartOver={() => {
            store.dismissExpired();
            setDrawerOpen(false);
            void navigateRef.current(paths.events);
          }}
        />
      </SecondsContext.Provider>
    </CartContext.Provider>
  );
}

/** Ticks once per second while a hold runs; at 0 the cart expires. */
function useCountdown(store: CartStore, snapshot: CartSnapshot): number | null {
  const { expiresAt } = snapshot;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (expiresAt === null) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- reads the clock (an outside system) when a hold starts
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [expiresAt]);
  const seconds = expiresAt === null ? null : secondsLeft(expiresAt, Math.max(now, 0));
  useEffect(() => {
    if (seconds === 0 && snapshot.cartId) store.expire();
  }, [seconds, snapshot.cartId, store]);
  return seconds;
}

/** The text for the live region: set when the countdown reaches 5 and 2 minutes. */
function useAnnouncement(seconds: number | null): string {
  // The text follows the seconds of the previous render (react.dev: storing information from previous renders).
  const [previous, setPrevious] = useState<number | null>(null);
  const [text, setText] = useState('');
  if (seconds !== previous) {
    setPrevious(seconds);
    const due = seconds === null ? null : announcementDue(previous, seconds);
    if (due === 5) setText(en.cart.announceFive);
    else if (due === 2) setText(en.cart.announceTwo);
    else if (seconds === null) setText('');
  }
  return text;
}

function ExpiryDialog({ open, onStartOver }: { open: boolean; onStartOver: () => void }) {
  return (
    <Modal open={open} title={en.cart.expiredTitle} onClose={onStartOver}>
      <div className="dialog-body" role="alert">
        <p>{en.cart.expiredText}</p>
      </div>
      <div className="dialog-actions">
        <button type="button" className="button" data-autofocus onClick={onStartOver}>
          {en.cart.startOver}
        </button>
      </div>
    </Modal>
  );
}

export function useCartContext(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart outside CartProvider');
  return value;
}

/** The cart snapshot (re-renders on every cart change). */
export function useCart(): CartSnapshot & { store: CartStore } {
  const { store } = useCartContext();
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);
  return { ...snapshot, store };
}

/** The cart, or null outside a provider (pages rendered alone in tests). */
export function useOptionalCart(): (CartSnapshot & { store: CartStore }) | null {
  const value = useContext(CartContext);
  const store = value?.store ?? null;
  const snapshot = useSyncExternalStore(store ? store.subscribe : noopSubscribe, store ? store.getSnapshot : nullSnapshot, store ? store.getServerSnapshot : nullSnapshot);
  return store && snapshot ? { ...snapshot, store } : null;
}

const noopSubscribe = () => () => {};
const nullSnapshot = () => null;

/** Seconds left on the hold; null without one. */
export function useCartSeconds(): number | null {
  return useContext(SecondsContext);
}
