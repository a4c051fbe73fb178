import { useEffect, useEffectEvent, useRef, useState, type ReactNode, type RefObject } from 'react';
import { en } from '../../i18n/en.js';
import { loadStripeJs, type StripeJs } from './stripe-js.js';

type SlotState = 'loading' | 'ready' | 'failed';

/**
 * Loads Stripe.js for the key and mounts one Stripe element into the slot (docs/payments.md):
 * `mount` makes it and answers how to take it down; `onSettled` hears the Stripe object, or null
 * when the script cannot load. Both are read when the key changes, not on every render.
 */
export function useStripeElement(publishableKey: string, mount: (stripe: StripeJs, node: HTMLDivElement) => { destroy(): void }, onSettled?: (stripe: StripeJs | null) => void) {
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<StripeJs | null>(null);
  const [state, setState] = useState<SlotState>('loading');
  const mountElement = useEffectEvent((stripe: StripeJs, node: HTMLDivElement) => mount(stripe, node));
  const settled = useEffectEvent((stripe: StripeJs | null) => onSettled?.(stripe));

  useEffect(() => {
    let live = true;
    let element: { destroy(): void } | null = null;
    loadStripeJs(publishableKey)
      .then((stripe) => {
        if (!live || !mountRef.current) return;
        stripeRef.current = stripe;
        element = mountElement(stripe, mountRef.current);
        setState('ready');
        settled(stripe);
      })
      .catch(() => {
        if (!live) return;
        setState('failed');
        settled(null);
      });
    return () => {
      live = false;
      element?.destroy();
      element = null;
    };
  }, [publishableKey]);

  return { mountRef, stripeRef, state };
}

/** Where a Stripe element shows: its label, "loading" until it is mounted, or why Stripe failed. */
export function StripeElementSlot({ state, mountRef, labelId, label, failedTestId, children }: { state: SlotState; mountRef: RefObject<HTMLDivElement | null>; labelId: string; label: string; failedTestId?: string; children?: ReactNode }) {
  if (state === 'failed')
    return (
      <p className="notice notice--error" role="alert" data-testid={failedTestId}>
        {en.checkout.stripeFailed}
      </p>
    );
  return (
    <>
      <span className="stripe-card__label" id={labelId}>
        {label}
      </span>
      {state === 'loading' && (
        <p className="muted" role="status">
          {en.checkout.stripeLoading}
        </p>
      )}
      <div ref={mountRef} className="stripe-card__element" aria-labelledby={labelId} hidden={state !== 'ready'} />
      {children}
    </>
  );
}
