// The gift cards applied to this checkout: what each has paid or still holds, and removing an unused one.
import { en, format } from '../../i18n/en.js';
import { maskGiftCard, type AppliedGiftCard } from './model.js';

interface AppliedGiftCardsProps {
  giftCards: AppliedGiftCard[];
  money: (amount: string) => string;
  onRemove: (number: string) => void;
}

export function AppliedGiftCards({ giftCards, money, onRemove }: AppliedGiftCardsProps) {
  return (
    <ul className="gift-cards" aria-label={en.giftCard.title}>
      {giftCards.map((g) => (
        <li key={g.number} className="gift-cards__item">
          <span>
            <strong>{format(en.checkout.giftCardApplied, { number: maskGiftCard(g.number) })}</strong>
            <span className="muted">
              {' · '}
              {g.used && g.spent ? format(en.checkout.giftCardSpent, { amount: money(g.spent) }) : format(en.giftCard.balance, { amount: money(g.balance) })}
            </span>
          </span>
          {!g.used && (
            <button
              type="button"
              className="button button--link"
              onClick={() => onRemove(g.number)}
              aria-label={format(en.checkout.giftCardRemove, { number: maskGiftCard(g.number) })}
            >
              {en.cart.remove}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
