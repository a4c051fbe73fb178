import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { calendarQuery, configQuery, eventQuery } from '../../../api/queries.js';
import { isNotFoundError } from '../../../lib/not-found-error.js';
import { NotFoundPage } from '../../../ui/not-found-page.js';
import { paths } from '../../../lib/paths.js';
import { queryClient } from '../../../api/query-client.js';
import { sellerInfo, useAppConfig, type SellerInfo } from '../../../config/use-config.js';
import { en } from '../../../i18n/en.js';
import { coverImage, coverImageId, coverImageSize } from '../../../lib/image.js';
import { BackLink } from '../../../ui/back-link.js';
import { ErrorNotice } from '../../../ui/error-notice.js';
import { Skeleton, SkeletonLines } from '../../../ui/skeleton.js';
import { useDocumentTitle } from '../../../ui/use-document-title.js';
import { useNextTask } from '../../../ui/use-next-task.js';
import { useTrackViewItem } from '../../../shared/analytics/track.js';
import { CartSidebar } from '../../cart/public.js';
import { useUpsellChainScope } from '../upsell/use-add-on.js';
import { MAX_DATE_BUTTONS } from './dates-sessions/date-selection.js';
import { parseDeepLink, withPresetPrice, type DeepLink } from './deep-links/deep-links.js';
import { LazyDescription } from './description/lazy-description.js';
import { EventFlow, useEventFlow } from './flows/flows.js';
import { MembershipPromo } from '../../membership/public.js';
import { PromoLinkBanner, CitypassField } from '../../promotions/public.js';
import { coverAlt, coverUncropped, isUpsellEvent, readEventDetail, type EventDetail } from '../../../shared/events/model.js';
import { hidesEventDetails } from '@foyer/contracts/rules';
import { useLiveFeed } from '../../../api/live-availability.js';

/** Actions of /events/{id}/{action} (membership gift or renewal). */
export const EVENT_ACTIONS = ['gift', 'renew'] as const;

/**
 * Starts loading the event and its calendar (once the configuration, hence the seller, is known)
 * without holding the page: it shows skeletons meanwhile.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const id = params.id;
  if (id) {
    // The configuration once (as cached), then the event and its calendar; failures are the page's to show.
    void queryClient
      .query({ ...configQuery(), staleTime: 'static' })
      .then(() => Promise.all([queryClient.query(eventQuery(id)).catch(() => undefined), queryClient.query(calendarQuery(id)).catch(() => undefined)]))
      .catch(() => undefined);
  }
  return Promise.resolve(null);
}

/** Event detail (/events/{id} and /events/{id}/{action}). */
export function Component() {
  const { id = '', action } = useParams();
  const [searchParams] = useSearchParams();
  const config = useAppConfig();
  const seller = sellerInfo(config);
  const query = useQuery(eventQuery(id));
  const tg = searchParams.get('tg')?.split(',').map((v) => v.trim()).filter(Boolean) ?? null;
  const link = useMemo(() => parseDeepLink(searchParams), [searchParams]);
  useUpsellChainScope();
  const unknownAction = !!action && !(EVENT_ACTIONS as readonly string[]).includes(action);
  const read = query.isSuccess ? readEventDetail(query.data, { sellerTimezone: seller.timezone, ticketGroupIds: tg }) : null;

  if (unknownAction) return <NotFoundPage />;
  if (query.isPending) return <EventSkeleton />;
  if (query.isError) {
    if (isNotFoundError(query.error)) return <NotFoundPage />;
    return <ErrorNotice title={en.event.errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!read) return <NotFoundPage />;
  const detail = withPresetPrice(read, link.price);
  return <EventView key={detail.event.id} detail={detail} seller={seller} link={link} />;
}

export { readPreselection, type Preselection } from './deep-links/deep-links.js';

function EventView({ detail, seller, link }: { detail: EventDetail; seller: SellerInfo; link: DeepLink }) {
  const { event } = detail;
  useDocumentTitle(event.name);
  useTrackViewItem(detail, seller.currency);
  const flow = useEventFlow(detail);
  const coverId = coverImageId(event.meta);
  const coverMeta = coverId ? detail.images.get(coverId) : undefined;
  // The top of the page first, the flow and the rest a task later (each half a shorter task on a
  // phone); a server-drawn page has both at once.
  const whole = useNextTask();
  // One live availability stream for the page, whichever flow it shows (docs/live-availability.md).
  useLiveFeed(event.id, whole);

  return (
    <article className="event" aria-labelledby="event-title" data-event-id={event.id}>
      <BackLink to={paths.events} label={en.event.allEvents} />
      {coverId && (
        <div className={coverUncropped(detail) ? 'event-hero event-hero--whole' : 'event-hero'}>
          <img
            {...coverImage(coverId)}
            alt={coverAlt(detail, coverId)}
            {...coverImageSize(coverMeta)}
            fetchPriority="high"
          />
        </div>
      )}
      <header className="event-header">
        <h1 id="event-title" className="page-title" style={{ marginBottom: 0 }}>
          {event.name}
        </h1>
        {event.subtitle && <p className="event-header__subtitle">{event.subtitle}</p>}
        {detail.venue?.name && <p className="event-header__venue">{detail.venue.name}</p>}
      </header>

      <div className="event-layout">
        <div className="event-main">
          {event.summary && <p className="event-summary">{event.summary}</p>}
          <PromoLinkBanner />
          <CitypassField event={event} config={detail.config} upsell={isUpsellEvent(event)} />
          {/* Without scripts the server's page reads, but buying needs the app (docs/server-rendering.md). */}
          <noscript>
            <p className="notice notice--info">{en.event.needsJavaScript}</p>
          </noscript>
          {whole ? <EventFlow flow={flow} detail={detail} seller={seller} link={link} /> : <FlowSkeleton />}
          {whole && event.description && !hidesEventDetails(event.meta) && (
            <section className="panel event-about" aria-labelledby="about-title">
              <h2 id="about-title" className="section-title">
                {en.event.about}
              </h2>
              <LazyDescription html={event.description} />
            </section>
          )}
          {whole && flow !== 'membership' && flow !== 'members_only' && <MembershipPromo />}
        </div>
        <aside className="event-aside" aria-label={en.cart.title}>
          {whole && <CartSidebar />}
        </aside>
      </div>
    </article>
  );
}

function EventSkeleton() {
  return (
    <div aria-busy="true" aria-label={en.event.loading}>
      <Skeleton width={120} height={44} style={{ marginBottom: 8 }} />
      <Skeleton className="event-hero" />
      <Skeleton width="60%" height="2.2rem" style={{ marginBottom: 16 }} />
      <SkeletonLines lines={2} />
      <FlowSkeleton />
    </div>
  );
}

function FlowSkeleton() {
  return (
    <div className="panel" style={{ marginTop: 24 }} aria-busy="true">
      <Skeleton width="40%" height="1.4rem" style={{ marginBottom: 16 }} />
      <div className="date-list">
        {Array.from({ length: MAX_DATE_BUTTONS }, (_, i) => (
          <Skeleton key={i} height={96} />
        ))}
      </div>
    </div>
  );
}


// The reschedule page (manage/self-edit) takes the event flow's own pickers from this chunk with a
// dynamic import of this module, so they are not split out of the event page (its JS budget).
// The staff screens open the seat map through this route's chunk, so it keeps one importer's chunking (docs/box-office.md#seats).
export { loadSeatMapDialog } from '../seats/seat-picker.js';
export { DateSelector } from './dates-sessions/date-selector.js';
export { SessionPicker } from './dates-sessions/session-picker.js';
export { readEventDetail } from '../../../shared/events/model.js';
// Its dates priced for the tickets being moved, as the quantity-first flow prices them.
export { pricedCalendarQuery } from './flows/priced-queries.js';
export { dayTotalText } from './flows/quantity-first-summary.js';
