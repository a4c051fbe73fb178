import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { errorMessage } from '../../api/client.js';
import { paths } from '../../app/paths.js';
import { useSeller } from '../../config/use-config.js';
import { en, format } from '../../i18n/en.js';
import { formatDate, formatDateTime, formatTime, safeTz } from '../../lib/dates.js';
import { formatMoney } from '../../lib/money.js';
import { CartIcon, ClockIcon, TrashIcon } from '../../ui/icons.js';
import { Modal } from '../../ui/modal.js';
import { Skeleton } from '../../ui/skeleton.js';
import { isAllDaySession } from '@foyer/contracts/rules';
import { fromMinor, toMinor } from '@foyer/contracts/constants';
import { useCart, useCartContext, useCartSeconds } from './cart-context.js';
import { countdownLevel, formatCountdown } from './countdown.js';
import { trackRemoveFromCart } from '../analytics/track.js';
import { DiscountRows, WasPrice } from '../promotions/discount-rows.js';
import { PromoPanel } from '../promotions/promo-panel.js';
import { AppliedCodes } from '../promotions/applied-codes.js';
import { CART_THUMBNAIL, cardImageId, cartThumbnail } from '@foyer/contracts/rules';
import { badgeText, cartTotals, isInjectedCart, removalPlan, type CartLine, type CartSection, type RemovalPlan } from './model.js';

/** When a section's tickets are for: date and time, the day of an all-day session, or 'Any day'. */
export function sectionWhen(section: CartSection): string | null {
  const { session, event, timezone } = section;
  if (!session) return null;
  if (event?.event_type === 'flexible') {
    // Donations, gift cards and memberships are not visits: no day to speak of.
    const dated = section.lines.some((l) => !l.group || ['tickets', 'passes', 'seated'].includes(l.group.handler));
    return dated ? en.cart.anyDay : null;
  }
  if (isAllDaySession(session)) return `${formatDate(safeTz(session.start_datetime, timezone).format('YYYY-MM-DD'))} · ${en.cart.allDay}`;
  return formatDateTime(session.start_datetime, timezone);
}

/**
 * The countdown of docs/cart.md#holds-and-expiry: under 20 minutes as m:ss (warning under 5, error under 2); above it,
 * the time the hold ends. Announcements live in the provider's single live region.
 */
export function CartTimer() {
  const { expiresAt, view } = useCart();
  const seconds = useCartSeconds();
  const seller = useSeller();
  if (expiresAt === null || seconds === null || !view?.ticketCount) return null;
  const level = countdownLevel(seconds);
  if (level === 'hidden') {
    return (
      <p className="cart-timer cart-timer--calm" data-level="hidden">
        <ClockIcon />
        <span>{format(en.cart.heldUntil, { time: formatTime(new Date(expiresAt).toISOString(), seller.timezone) })}</span>
      </p>
    );
  }
  const text = formatCountdown(seconds);
  return (
    <p className={`cart-timer cart-timer--${level}`} data-level={level}>
      <ClockIcon />
      <span className="visually-hidden">{format(en.cart.timerLabel, { time: text })}</span>
      <span aria-hidden="true">
        {en.cart.timeLeft} <strong className="cart-timer__value">{text}</strong>
      </span>
    </p>
  );
}

export type CartVariant = 'sidebar' | 'drawer' | 'summary';

/**
 * The cart's contents: items grouped by event and session, totals, actions. At checkout the summary
 * gets the chosen payment method's fee (`methodFee`, as the server priced it): a fee row, and a total
 * that includes it — what the card is charged when paying it all (docs/payments.md "Payment-method fees").
 */
export function CartContents({ variant, onNavigate, headingLevel = 2, methodFee = null }: { variant: CartVariant; onNavigate?: () => void; headingLevel?: 2 | 3; methodFee?: string | null }) {
  const { view, loading, store } = useCart();
  const seller = useSeller();
  const location = useLocation();
  const [confirm, setConfirm] = useState<{ line: CartLine; plan: RemovalPlan } | null>(null);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const SubHeading = headingLevel === 2 ? 'h3' : 'h4';

  if (loading && !view) {
    return (
      <div aria-busy="true" aria-label={en.cart.loading}>
        <Skeleton height={20} width="60%" style={{ marginBottom: 12 }} />
        <Skeleton height={48} style={{ marginBottom: 8 }} />
        <Skeleton height={48} />
      </div>
    );
  }
  if (!view || view.ticketCount === 0) {
    return (
      <div className="cart-empty">
        <p className="cart-empty__title">{en.cart.empty}</p>
        {variant !== 'summary' && <p className="muted">{en.cart.emptyHint}</p>}
      </div>
    );
  }

  const totals = cartTotals(view.cart);
  const fee = methodFee !== null && toMinor(methodFee) > 0 ? methodFee : null;
  const money = (amount: string) => formatMoney(amount, seller.currency, { zeroAsFree: false });
  const onCheckout = location.pathname.startsWith(paths.checkout);

  const askRemove = (line: CartLine) => {
    const plan = removalPlan(view, line.key);
    setError(null);
    if (plan) setConfirm({ line, plan });
  };

  const doRemove = async () => {
    if (!confirm) return;
    setRemoving(true);
    setError(null);
    try {
      if (confirm.plan.kind === 'delete_cart') await store.deleteAll();
      else await store.remove(confirm.plan.ticketIds);
      trackRemoveFromCart(view, confirm.plan.kind === 'delete_cart' ? null : confirm.plan.ticketIds, seller.currency);
      setConfirm(null);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setRemoving(false);
    }
  };

  return (
    <div className={`cart cart--${variant}`}>
      <CartTimer />
      <ul className="cart-sections" aria-label={en.cart.itemsLabel}>
        {view.sections.map((section) => (
          <li key={section.key} className="cart-section">
            <div className="cart-section__head">
              <CartThumbnail event={section.event} />
              <div className="cart-section__heading">
                <SubHeading className="cart-section__title">{section.event?.name ?? ''}</SubHeading>
                {sectionWhen(section) && <p className="cart-section__when">{sectionWhen(section)}</p>}
              </div>
            </div>
            <ul className="cart-lines">
              {section.lines.map((line) => {
                const item = format(en.cart.quantityTimes, { count: line.quantity, type: line.name });
                return (
                  <li key={line.key} className="cart-line" data-ticket-type-id={line.type?.id}>
                    <span className="cart-line__name">
                      {item}
                      {line.seats.length > 0 && <span className="cart-line__seats">{line.seats.join('; ')}</span>}
                    </span>
                    <span className="cart-line__price">
                      <WasPrice tickets={line.tickets} charged={line.total} money={money} />
                      {money(line.total)}
                    </span>
                    {/* A staff-created cart is paid as prepared (docs/cart.md#screens): nothing to remove. */}
                    {!isInjectedCart(view.cart) && (
                      <button type="button" className="icon-button cart-line__remove" aria-label={format(en.cart.removeLabel, { item })} onClick={() => askRemove(line)}>
                        <TrashIcon />
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ul>
      {error && !confirm && (
        <p className="notice notice--error cart__error" role="alert">
          {error}
        </p>
      )}
      <dl className="cart-totals">
        {(totals.fees !== '0.00' || totals.discounts !== '0.00' || totals.payments !== '0.00' || fee !== null) && (
          <>
            <div className="cart-totals__row">
              <dt>{en.cart.subtotal}</dt>
              <dd>{money(totals.subtotal)}</dd>
            </div>
            {totals.fees !== '0.00' && (
              <div className="cart-totals__row">
                <dt>{en.cart.fees}</dt>
                <dd>{money(totals.fees)}</dd>
              </div>
            )}
            <DiscountRows cart={view.cart} total={totals.discounts} money={money} />
            {totals.payments !== '0.00' && (
              <div className="cart-totals__row">
                <dt>{en.cart.paid}</dt>
                <dd data-testid="cart-paid">−{money(totals.payments)}</dd>
              </div>
            )}
            {fee !== null && (
              <div className="cart-totals__row">
                <dt>{en.cart.paymentFee}</dt>
                <dd data-testid="cart-method-fee">{money(fee)}</dd>
              </div>
            )}
          </>
        )}
        <div className="cart-totals__row cart-totals__row--total">
          <dt>{totals.payments !== '0.00' ? en.cart.leftToPay : en.cart.total}</dt>
          <dd data-testid="cart-total">{money(fee === null ? totals.outstanding : fromMinor(toMinor(totals.outstanding) + toMinor(fee)))}</dd>
        </div>
      </dl>
      {variant === 'summary' ? <AppliedCodes cart={view.cart} /> : <PromoPanel />}
      {variant !== 'summary' && (
        <div className="cart-actions">
          {!onCheckout && (
            <Link className="button cart-actions__proceed" to={paths.checkout} onClick={onNavigate}>
              {en.cart.proceed}
            </Link>
          )}
          {variant === 'drawer' && (
            <Link className="button button--secondary" to={paths.events} onClick={onNavigate}>
              {en.cart.moreEvents}
            </Link>
          )}
        </div>
      )}
      <Modal open={confirm !== null} title={en.cart.removeTitle} onClose={() => !removing && setConfirm(null)}>
        {confirm && <RemoveConfirm confirm={confirm} error={error} removing={removing} onCancel={() => setConfirm(null)} onConfirm={() => void doRemove()} />}
      </Modal>
    </div>
  );
}

/** The event's picture beside its name (docs/cart.md#limits: 64×51, requested at 2×); decorative, the name says it. */
function CartThumbnail({ event }: { event: CartSection['event'] }) {
  const id = cardImageId(event?.meta);
  if (!id) return null;
  return <img className="cart-section__thumb" src={cartThumbnail(id)} width={CART_THUMBNAIL.width} height={CART_THUMBNAIL.height} alt="" loading="lazy" decoding="async" />;
}

function RemoveConfirm({
  confirm,
  error,
  removing,
  onCancel,
  onConfirm,
}: {
  confirm: { line: CartLine; plan: RemovalPlan };
  error: string | null;
  removing: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { line, plan } = confirm;
  const item = format(en.cart.quantityTimes, { count: line.quantity, type: line.name });
  let detail: string | null = null;
  if (plan.kind === 'delete_cart') detail = plan.reason === 'dependency' ? en.cart.removeAllText : en.cart.removeOnlyText;
  else if (plan.lines.length > 1)
    detail = format(en.cart.removeGroupText, { items: plan.lines.map((l) => format(en.cart.quantityTimes, { count: l.quantity, type: l.name })).join(', ') });
  return (
    <div className="dialog-body">
      <p>{format(en.cart.removeText, { item })}</p>
      {detail && <p className="muted">{detail}</p>}
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="button button--secondary" onClick={onCancel} data-autofocus disabled={removing}>
          {en.cart.cancel}
        </button>
        <button type="button" className="button button--danger" onClick={onConfirm} disabled={removing}>
          {en.cart.confirmRemove}
        </button>
      </div>
    </div>
  );
}

/** The cart as a panel beside the page (desktop). */
export function CartSidebar() {
  const titleId = useId();
  const { view } = useCart();
  return (
    <section className="panel cart-sidebar" aria-labelledby={titleId}>
      <h2 id={titleId} className="cart-sidebar__title">
        <CartIcon />
        {en.cart.title}
        {view && view.ticketCount > 0 && <span className="cart-badge cart-badge--inline">{badgeText(view.ticketCount)}</span>}
      </h2>
      <CartContents variant="sidebar" headingLevel={2} />
    </section>
  );
}

/** Header cart button with the ticket count; opens the cart drawer (modal on desktop). */
export function CartButton() {
  const { view } = useCart();
  const { drawerOpen, openDrawer, closeDrawer } = useCartContext();
  const count = view?.ticketCount ?? 0;
  const name = count === 0 ? en.cart.open : count === 1 ? en.cart.openWithCountOne : format(en.cart.openWithCount, { count: badgeText(count) });
  return (
    <>
      <button type="button" className="cart-button" aria-haspopup="dialog" onClick={openDrawer} data-count={count}>
        <CartIcon />
        <span className="cart-button__text" aria-hidden="true">
          {en.cart.open}
        </span>
        {count > 0 && (
          <span className="cart-badge" aria-hidden="true">
            {badgeText(count)}
          </span>
        )}
        <span className="visually-hidden">{name}</span>
      </button>
      <CartDrawer open={drawerOpen} onClose={closeDrawer} />
    </>
  );
}

/** The mobile cart drawer (a modal on desktop); closes when the last ticket goes (docs/cart.md#holds-and-expiry). */
export function CartDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { view } = useCart();
  const count = view?.ticketCount ?? 0;
  const [hadTickets, setHadTickets] = useState(count > 0);
  useEffect(() => {
    if (!open) return;
    if (count > 0) setHadTickets(true);
    else if (hadTickets) {
      setHadTickets(false);
      onClose();
    }
  }, [open, count, hadTickets, onClose]);
  return (
    <Modal open={open} title={en.cart.title} onClose={onClose}>
      <CartContents variant="drawer" onNavigate={onClose} />
    </Modal>
  );
}

/**
 * The mobile cart footer (docs/events.md#upsells-and-add-ons mobile footer) under the upsell listing: the outstanding total,
 * a way into the cart drawer and on to checkout. Hidden where the sidebar shows.
 */
export function CartFooter() {
  const { view } = useCart();
  const { openDrawer } = useCartContext();
  const seller = useSeller();
  if (!view || view.ticketCount === 0) return null;
  const count = view.ticketCount === 1 ? en.quantities.ticketCountOne : format(en.quantities.ticketCount, { count: view.ticketCount });
  return (
    <div className="cart-footer">
      <button type="button" className="cart-footer__summary" onClick={openDrawer} aria-haspopup="dialog">
        <span className="reserve-bar__label">
          {count} · <span className="cart-footer__view">{en.cart.view}</span>
        </span>
        <span className="reserve-bar__amount">
          <span className="visually-hidden">{en.cart.total} </span>
          {formatMoney(view.cart.cart_fees.total_outstanding, seller.currency, { zeroAsFree: false })}
        </span>
      </button>
      <Link className="button cart-footer__proceed" to={paths.checkout}>
        {en.cart.proceedShort}
      </Link>
    </div>
  );
}
