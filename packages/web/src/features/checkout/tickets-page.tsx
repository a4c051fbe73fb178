import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../api/client.js';
import { NotFoundPage } from '../../ui/not-found-page.js';
import { useSeller } from '../../config/use-config.js';
import { en, format } from '../../i18n/en.js';
import { ORDER_DATE_FORMAT, formatOrderDate, formatOrderDateTime } from '../../lib/dates.js';
import { safeTz } from '../../lib/venue-time.js';
import { ErrorNotice } from '../../ui/error-notice.js';
import { Skeleton } from '../../ui/skeleton.js';
import { useDocumentTitle } from '../../ui/use-document-title.js';
import { isAllDaySession } from '@foyer/contracts/rules';
import { completePath } from '../../shared/cart/cart-context.js';
import { qrCodeUrl } from '../../shared/orders/api.js';
import { ordersQuery } from './complete-page.js';
import { readOrders, type OrderTicketView } from '../../shared/orders/orders.js';
import { seatLabel } from '../../shared/events/seat-label.js';
import { ticketShowsTime } from '@foyer/contracts/rules';
import { manageKeyStore } from '../manage/public.js';

/** When a ticket is for, as the ticket prints it. */
export function ticketWhen(t: OrderTicketView): string | null {
  if (!t.session) return null;
  if (t.event?.event_type === 'flexible') return null;
  if (isAllDaySession(t.session)) return `${formatOrderDate(safeTz(t.session.start_datetime, t.timezone).format('YYYY-MM-DD'))} · ${en.cart.allDay}`;
  // Event meta ticket_date_time "date" (docs/catalog.md): the day only.
  if (!ticketShowsTime(t.event?.meta)) return formatOrderDate(safeTz(t.session.start_datetime, t.timezone).format('YYYY-MM-DD'));
  return formatOrderDateTime(t.session.start_datetime, t.timezone);
}

/** The ticket's own validity when a start policy or duration set it (docs/catalog.md); null when it is its session's. */
export function validity(t: OrderTicketView): string | null {
  const { valid_from: from, valid_to: to } = t.ticket;
  if (!from || !to) return null;
  if (t.session && t.session.start_datetime === from && t.session.end_datetime === to) return null;
  const show = (iso: string) => {
    const local = safeTz(iso, t.timezone);
    return local.hour() === 0 && local.minute() === 0 ? local.format(ORDER_DATE_FORMAT) : formatOrderDateTime(iso, t.timezone);
  };
  return format(en.complete.validRange, { from: show(from), to: show(to) });
}

/** /checkout/tickets/{orderId}: the order's tickets, printable (event, time, type, scan code); its buyer's browser or an e-mail link's key (kept in the tab, manage-key.ts) only. */
export function Component() {
  const { orderId = '' } = useParams();
  const key = manageKeyStore.read(orderId);
  const seller = useSeller();
  useDocumentTitle(en.complete.ticketsTitle);
  const query = useQuery(ordersQuery([orderId], key));
  if (query.isError && isApiError(query.error) && (query.error.status === 400 || query.error.status === 404)) return <NotFoundPage />;
  const order = query.data ? readOrders(query.data, [orderId], seller.timezone)[0] : undefined;
  if (query.data && !order) return <NotFoundPage />;

  return (
    <section className="tickets-view" aria-labelledby="page-title">
      <div className="tickets-view__head no-print">
        <Link className="button button--link" to={completePath([orderId])}>
          ← {en.complete.back}
        </Link>
      </div>
      <h1 id="page-title" className="page-title">
        {order ? format(en.complete.ticketsFor, { number: order.order.order_number }) : en.complete.ticketsTitle}
      </h1>
      <p className="muted print-only">{seller.name}</p>
      {query.isError ? (
        <ErrorNotice title={en.complete.errorTitle} error={query.error} onRetry={() => void query.refetch()} />
      ) : !order ? (
        <div aria-busy="true" aria-label={en.complete.loading}>
          <Skeleton height={140} style={{ marginBottom: 12 }} />
          <Skeleton height={140} />
        </div>
      ) : (
        <>
          <div className="tickets-view__actions no-print">
            <button type="button" className="button" onClick={() => window.print()}>
              {en.complete.print}
            </button>
          </div>
          <div className="ticket-print__order">
            <img src={qrCodeUrl(order.order.id, key)} width={160} height={160} alt={format(en.complete.qrAlt, { number: order.order.order_number })} />
            <div>
              <p className="complete-order__label">{en.complete.orderNumber}</p>
              <p className="complete-order__number">{order.order.order_number}</p>
            </div>
          </div>
          <ol className="ticket-list">
            {order.tickets.map((t, i) => (
              <li key={t.ticket.id} className="ticket-card" data-ticket-id={t.ticket.id}>
                <p className="ticket-card__count muted">{format(en.complete.ticket, { n: i + 1, count: order.tickets.length })}</p>
                <h2 className="ticket-card__event">{t.event?.name ?? ''}</h2>
                <dl className="ticket-card__details">
                  {ticketWhen(t) && (
                    <div>
                      <dt>{en.complete.when}</dt>
                      <dd>{ticketWhen(t)}</dd>
                    </div>
                  )}
                  {validity(t) && (
                    <div>
                      <dt>{en.complete.valid}</dt>
                      <dd data-testid="ticket-validity">{validity(t)}</dd>
                    </div>
                  )}
                  <div>
                    <dt>{en.complete.type}</dt>
                    <dd>{t.type?.name ?? ''}{t.ticket.admit_name ? ` · ${t.ticket.admit_name}` : ''}</dd>
                  </div>
                  {t.seat && (
                    <div>
                      <dt>{en.seats.inCart}</dt>
                      <dd>{seatLabel(t.seat)}</dd>
                    </div>
                  )}
                  <div>
                    <dt>{en.complete.scanCode}</dt>
                    <dd className="ticket-card__code" data-testid="scan-code">{t.ticket.scan_code ?? ''}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
