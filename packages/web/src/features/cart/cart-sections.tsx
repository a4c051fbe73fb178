// The cart's items grouped by event and session (docs/cart.md#screens): picture, name, when, each line with its price and a remove button.
import { isAllDaySession, CART_THUMBNAIL, cardImageId, cartThumbnail } from '@foyer/contracts/rules';
import { en, format } from '../../i18n/en.js';
import { formatDate, formatDateTime } from '../../lib/dates.js';
import { safeTz } from '../../lib/venue-time.js';
import { TrashIcon } from '../../ui/icons.js';
import { WasPrice } from '../promotions/public.js';
import { isInjectedCart, type CartLine, type CartSection, type CartView } from '../../shared/cart/model.js';

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

export function CartSections({ view, subHeading: SubHeading, money, onRemove }: { view: CartView; subHeading: 'h3' | 'h4'; money: (amount: string) => string; onRemove: (line: CartLine) => void }) {
  return (
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
                    <button type="button" className="icon-button cart-line__remove" aria-label={format(en.cart.removeLabel, { item })} onClick={() => onRemove(line)}>
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
  );
}

/** The event's picture beside its name (docs/cart.md#limits: 64×51, requested at 2×); decorative, the name says it. */
function CartThumbnail({ event }: { event: CartSection['event'] }) {
  const id = cardImageId(event?.meta);
  if (!id) return null;
  return <img className="cart-section__thumb" src={cartThumbnail(id)} width={CART_THUMBNAIL.width} height={CART_THUMBNAIL.height} alt="" loading="lazy" decoding="async" />;
}
