// The payment method chosen on a pay screen (checkout, an order's later instalment): the browser's
// wallet is found through Stripe.js and becomes the default when there is one (docs/checkout.md#flow).
import { useEffect, useRef, useState } from 'react';
import { availableMethods, defaultMethod, type PaymentMethod } from './model.js';
import type { StripeJs } from './stripe-js.js';
import { walletRequest } from './wallet-request.js';

export function usePayMethod(options: { stripe: StripeJs | null | 'loading'; testMode: boolean; currency: string; outstanding: number; redirectMethods?: readonly string[] }) {
  const { stripe, testMode, currency, outstanding, redirectMethods } = options;
  const [wallet, setWallet] = useState<'apple' | 'google' | 'none'>('none');
  const methods = availableMethods({ testMode, wallet, redirectMethods });
  const [method, setMethod] = useState<PaymentMethod>(() => defaultMethod(methods));
  const methodChosen = useRef(false);
  useEffect(() => {
    if (!stripe || stripe === 'loading' || outstanding <= 0) return;
    const request = walletRequest(stripe, currency, outstanding);
    void request.canMakePayment().then((can) => {
      const found = can?.applePay ? 'apple' : can?.googlePay ? 'google' : 'none';
      setWallet(found);
      // The default only: a method the buyer already chose stays chosen.
      if (found !== 'none' && !methodChosen.current) setMethod(found === 'apple' ? 'apple_pay' : 'google_pay');
    });
  }, [stripe, currency, outstanding]);
  /** The buyer opened a method: it stays open whatever the wallet answer says later. */
  const chooseMethod = (m: PaymentMethod) => {
    methodChosen.current = true;
    setMethod(m);
  };
  return { methods, method, chooseMethod, walletChosen: method === 'apple_pay' || method === 'google_pay' };
}
