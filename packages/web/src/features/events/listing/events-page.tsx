import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths.js';
import { useOptionalCart } from '../../../shared/cart/cart-context.js';
import { CartFooter, CartSidebar } from '../../cart/public.js';
import { listOf } from '../../../api/document.js';
import { eventsAvailableQuery } from '../../../api/queries.js';
import { categoryOrder } from '../../../config/config.js';
import { useAppConfig, sellerInfo } from '../../../config/use-config.js';
import { en, format } from '../../../i18n/en.js';
import { ErrorNotice } from '../../../ui/error-notice.js';
import { useDocumentTitle } from '../../../ui/use-document-title.js';
import { EventCard, EventCardSkeleton } from './event-card.js';
import { FilterBar } from './filter-bar.js';
import { isUpsellEvent } from '../../../shared/events/model.js';
import { anchorOf } from '../detail/dates-sessions/visit-window.js';
import { writeUpsellChain } from '../upsell/upsell-chain.js';
import { skipsUpsells } from '../../../lib/express-flags.js';
import {
  categoryChoices,
  EMPTY_FILTERS,
  filtersToSearch,
  hasAnyFilter,
  listingQuery,
  parseListingFilters,
  type ListingFilters,
} from './filters.js';
import { LISTING_EAGER_CARDS } from '@foyer/contracts/constants';
import { offersAddOns } from '@foyer/contracts/rules';
import { pageTitleClass } from '../../../ui/page-title.js';

const SKELETON_COUNT = 6;

/** Event listing (/events, docs/events.md#listing). */
export function Component() {
  const config = useAppConfig();
  const seller = sellerInfo(config);
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => parseListingFilters(searchParams), [searchParams]);
  const cart = useOptionalCart();
  const navigate = useNavigate();
  // With items in the cart the listing is an upsell listing (docs/events.md#upsells-and-add-ons).
  const upsell = (cart?.view?.ticketCount ?? 0) > 0;
  useDocumentTitle(upsell ? en.listing.upsellTitle : en.listing.title);

  const query = useQuery(eventsAvailableQuery(listingQuery(filters, { timezone: seller.timezone }), upsell));
  // Categories come from the unfiltered listing, so the choices do not shrink as filters apply.
  const all = useQuery(eventsAvailableQuery(listingQuery(EMPTY_FILTERS, { timezone: seller.timezone })));
  // Add-ons show only once the cart has an admission to anchor them (docs/events.md#upsells-and-add-ons); their categories too.
  const anchored = anchorOf(cart?.view) !== null;
  const choices = useMemo(
    () =>
      categoryChoices(
        listOf(all.data, 'event_template')
          .filter((e) => anchored || !isUpsellEvent(e))
          .map((e) => e.category),
        categoryOrder(config.entries),
      ),
    [all.data, config.entries, anchored],
  );

  const update = (next: ListingFilters) => {
    setSearchParams(filtersToSearch(next, searchParams), { replace: true, preventScrollReset: true });
  };

  const inCart = useMemo(() => new Set(cart?.view?.tickets.map((t) => t.event_template_id) ?? []), [cart?.view]);
  const listed = listOf(query.data, 'event_template');
  // The cards' images' own texts (the image embed), so a card's picture says what it shows.
  const altTexts = useMemo(() => new Map(listOf(query.data, 'image').map((i) => [i.id, i.alt_text ?? ''])), [query.data]);
  // An add-on event selling only gift cards, donations, memberships or codes is not an add-on (docs/architecture.md).
  const groups = upsell ? listOf(query.data, 'ticket_group') : [];
  const noAddOns = (e: (typeof listed)[number]) => upsell && isUpsellEvent(e) && !offersAddOns(groups.filter((g) => g.event_template_id === e.id).map((g) => g.handler));
  const events = listed.filter((e) => !(upsell && inCart.has(e.id)) && (anchored || !isUpsellEvent(e)) && !noAddOns(e));
  const chain = upsell && query.isSuccess ? events.filter(isUpsellEvent).map((e) => e.id).join(',') : null;
  useEffect(() => {
    if (chain !== null) writeUpsellChain(chain ? chain.split(',') : []);
  }, [chain]);
  const clearSearch = filtersToSearch(EMPTY_FILTERS, searchParams).toString();
  const clearLink = clearSearch ? `?${clearSearch}` : '.';
  const filtered = hasAnyFilter(filters);

  // An upsell listing with nothing left to add goes on to checkout; so does any upsell listing once an express link skipped the upsells (docs/events.md#upsells-and-add-ons).
  const nothingLeft = upsell && ((query.isSuccess && !filtered && events.length === 0) || skipsUpsells());
  useEffect(() => {
    if (nothingLeft) void navigate(paths.checkout, { replace: true });
  }, [nothingLeft, navigate]);

  return (
    <div className={upsell ? 'listing-layout listing-layout--upsell' : 'listing-layout'}>
    <section aria-labelledby="listing-title" className="listing-main">
      <h1 id="listing-title" className={pageTitleClass('lg')}>
        {upsell ? en.listing.upsellTitle : en.listing.title}
      </h1>
      <FilterBar filters={filters} categories={choices} categoriesLoading={all.isPending} onChange={update} clearLink={clearLink} />

      <p className="result-count" aria-live="polite" aria-atomic="true">
        {query.isSuccess && events.length > 0
          ? events.length === 1
            ? en.listing.resultCountOne
            : format(en.listing.resultCount, { count: events.length })
          : ''}
      </p>

      {query.isPending ? (
        <ul className="event-grid" aria-busy="true" aria-label={en.listing.loadingEvents}>
          {Array.from({ length: SKELETON_COUNT }, (_, i) => (
            <li key={i}>
              <EventCardSkeleton />
            </li>
          ))}
        </ul>
      ) : query.isError ? (
        <ErrorNotice title={en.listing.errorTitle} error={query.error} onRetry={() => void query.refetch()} />
      ) : events.length === 0 ? (
        <div className="notice" role="status">
          <p>{filtered ? en.listing.noMatch : en.listing.noEvents}</p>
          {filtered && (
            <Link className="button button--secondary" to={clearLink}>
              {en.listing.clearFilters}
            </Link>
          )}
        </div>
      ) : (
        <ul className="event-grid" aria-label={en.listing.title}>
          {events.map((event, index) => (
            <li key={event.id}>
              <EventCard event={event} currency={seller.currency} eager={index < LISTING_EAGER_CARDS} altTexts={altTexts} />
            </li>
          ))}
        </ul>
      )}
    </section>
    {upsell && (
      <aside className="listing-aside" aria-label={en.cart.title}>
        <CartSidebar />
      </aside>
    )}
    {upsell && <CartFooter />}
    </div>
  );
}
