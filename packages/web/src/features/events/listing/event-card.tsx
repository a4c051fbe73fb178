import { Link } from 'react-router';
import type { TListedEvent } from '@foyer/contracts';
import { paths } from '../../../lib/paths.js';
import { en, format } from '../../../i18n/en.js';
import { CARD_IMAGE, cardImage, cardImageId } from '../../../lib/image.js';
import { formatMoney } from '../../../lib/money.js';
import { ImageIcon } from '../../../ui/icons.js';
import { Skeleton, SkeletonLines } from '../../../ui/skeleton.js';
import { truncate } from './filters.js';
import { preloadEvent } from './preload-event.js';

/** A listing card: image (272×216), name, summary, "From $X". The whole card is the link's target. */
export function EventCard({ event, currency, eager, altTexts }: { event: TListedEvent; currency: string; eager: boolean; altTexts?: ReadonlyMap<string, string> }) {
  const imageId = cardImageId(event.meta);
  const image = imageId ? cardImage(imageId) : null;
  const price = event.min_price ? formatMoney(event.min_price, currency) : '';
  const titleId = `event-card-${event.id}`;
  const preload = () => preloadEvent(event.id);
  return (
    <article className="event-card" aria-labelledby={titleId} data-event-id={event.id}>
      <div className="event-card__media">
        {image ? (
          <img
            src={image.src}
            srcSet={image.srcSet}
            width={CARD_IMAGE.width}
            height={CARD_IMAGE.height}
            alt={(imageId && altTexts?.get(imageId)) || ''}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : (
          <div className="event-card__placeholder">
            <ImageIcon />
          </div>
        )}
      </div>
      <div className="event-card__body">
        {event.category && <p className="event-card__category">{event.category}</p>}
        <h2 id={titleId} className="event-card__title">
          <Link className="event-card__link" to={paths.event(event.id)} onPointerEnter={preload} onFocus={preload} onTouchStart={preload}>
            {event.name}
          </Link>
        </h2>
        {event.summary && <p className="event-card__summary">{truncate(event.summary)}</p>}
        {price && <p className="event-card__price">{price === en.event.free ? en.listing.fromFree : format(en.listing.from, { price })}</p>}
      </div>
    </article>
  );
}

export function EventCardSkeleton() {
  return (
    <div className="event-card" aria-hidden="true">
      <Skeleton className="event-card__media" style={{ borderRadius: 0 }} />
      <div className="event-card__body">
        <Skeleton width="30%" height="0.9em" />
        <Skeleton width="75%" height="1.4em" />
        <SkeletonLines lines={2} />
        <Skeleton width="35%" height="1.1em" style={{ marginTop: 'auto' }} />
      </div>
    </div>
  );
}
