// The checkout form's failure notice (docs/checkout.md#errors): the headline and the gateway's detail, scrolled into view when it appears.
import { useEffect, useRef } from 'react';
import { scrollIntoView } from '../../lib/optional-dom.js';
import type { Message } from './checkout-form-state.js';

export function PayFailure({ failure }: { failure: Message | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure && ref.current) scrollIntoView(ref.current, { block: 'center', behavior: 'smooth' });
  }, [failure]);
  if (!failure) return null;
  return (
    <div ref={ref} className="notice notice--error" role="alert" data-testid="pay-error">
      <p className="notice__title">{failure.text}</p>
      {failure.detail && <p>{failure.detail}</p>}
    </div>
  );
}
