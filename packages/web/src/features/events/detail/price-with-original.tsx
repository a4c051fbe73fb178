import { en } from '../../../i18n/en.js';

/** A type's price as shown in a price row or a quantity row: the price before a discount struck through first, when there is one (typePrice in price-format.ts). */
export function PriceWithOriginal({ price, original }: { price: string; original: string | null }) {
  return (
    <>
      {original && (
        <span className="price-row__original">
          <span className="visually-hidden">{en.event.was} </span>
          {original}
        </span>
      )}
      {price}
    </>
  );
}
