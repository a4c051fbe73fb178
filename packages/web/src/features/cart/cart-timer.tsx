// The cart's hold countdown (docs/cart.md#holds-and-expiry).
import { useSeller } from '../../config/use-config.js';
import { en, format } from '../../i18n/en.js';
import { formatTime } from '../../lib/dates.js';
import { ClockIcon } from '../../ui/icons.js';
import { useCart, useCartSeconds } from '../../shared/cart/cart-context.js';
import { countdownLevel, formatCountdown } from '../../shared/cart/countdown.js';

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
