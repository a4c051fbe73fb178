import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
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
  const latest = useRef({ mount, onSettled });
  latest.current = { mount, onSettled };

  useEffect(() => {
    let live = true;
    let element: { destroy(): void } | null = null;
    loadStripeJs(publishableKey)
      .then((stripe) => {
        if (!live || !mountRef.current) return;
        stripeRef.current = stripe;
        element = latest.current.mount(stripe, mountRef.current);
        setState('ready');
        latest.current.onSettled?.(stripe);
      })
      .catch(() => {
        if (!live) return;
        setState('failed');
        latest.current.onSettled?.(null);
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
export function StripeElementSlot(props: { state: SlotState; mountRef: RefObject<HTMLDivElement | null>; labelId: string; label: string; failedTestId?: string; children?: ReactNode }) {
  if (props.state === 'failed')
    return (
      <p className="notice notice--error" role="alert" data-testid={props.failedTestId}>
        {en.checkout.stripeFailed}
      </p>
    );
  return (
    <>
      <span className="stripe-card__label" id={props.labelId}>
        {props.label}
      </span>
      {props.state === 'loading' && (
        <p className="muted" role="status">
          {en.checkout.stripeLoading}
        </p>
      )}
      <div ref={props.mountRef} className="stripe-card__element" aria-labelledby={props.labelId} hidden={props.state !== 'ready'} />
      {props.children}
    </>
  );
}
