// The checkout's placeholder while the cart is read: same layout, so nothing jumps when it arrives.
import { en } from '../../i18n/en.js';
import { Skeleton } from '../../ui/skeleton.js';

export function CheckoutSkeleton() {
  return (
    <div className="checkout__layout" aria-busy="true" aria-label={en.checkout.loading}>
      <div className="checkout__main">
        <div className="panel">
          <Skeleton height={24} width="40%" style={{ marginBottom: 16 }} />
          <Skeleton height={44} style={{ marginBottom: 12 }} />
          <Skeleton height={44} style={{ marginBottom: 12 }} />
          <Skeleton height={44} />
        </div>
        <div className="panel">
          <Skeleton height={24} width="30%" style={{ marginBottom: 16 }} />
          <Skeleton height={160} />
        </div>
      </div>
      <div className="panel">
        <Skeleton height={24} width="50%" style={{ marginBottom: 16 }} />
        <Skeleton height={96} />
      </div>
    </div>
  );
}
