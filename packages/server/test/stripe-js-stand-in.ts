/**
 * The text of a stand-in for Stripe.js (https://js.stripe.com/v3/), served by the fake Stripe to
 * the browser tests: `window.Stripe(key)` with the calls Foyer makes (features/checkout/stripe-js.ts).
 * The card element is a plain text field whose payment method is pm_card_visa; the payment
 * request (Apple Pay / Google Pay) answers canMakePayment with the configured wallet, and its
 * sheet — shown at once, no buyer needed — asks Stripe (the fake, through the test's routing of
 * api.stripe.com) for a payment method and hands it to the page's `paymentmethod` handler, telling
 * the fake how the page completed it.
 */
export function stripeJsStandIn(wallet: 'apple' | 'google' | null): string {
  const can = wallet ? JSON.stringify({ applePay: wallet === 'apple', googlePay: wallet === 'google' }) : 'null';
  return `(() => {
  // Stripe.js talks to api.stripe.com (the storefront's CSP allows it); the browser tests route it to the fake.
  const FAKE = 'https://api.stripe.com';
  function paymentRequest() {
    const handlers = {};
    return {
      canMakePayment: () => new Promise((resolve) => setTimeout(() => resolve(${can}), 50)),
      on: (event, handler) => { handlers[event] = handler; },
      show: () => {
        fetch(FAKE + '/js/wallet_payment_method', { method: 'POST' })
          .then((r) => r.json())
          .then((pm) => handlers.paymentmethod && handlers.paymentmethod({
            paymentMethod: { id: pm.id },
            complete: (status) => { fetch(FAKE + '/js/wallet_payment_method/' + pm.id + '/' + status, { method: 'POST' }); },
          }))
          .catch(() => handlers.cancel && handlers.cancel());
      },
    };
  }
  function cardElement() {
    let input = null;
    return {
      mount: (el) => {
        input = document.createElement('input');
        input.setAttribute('aria-label', 'Card number (test stand-in)');
        input.value = '4242 4242 4242 4242';
        el.appendChild(input);
      },
      destroy: () => { if (input) input.remove(); },
      on: () => undefined,
    };
  }
  window.Stripe = () => ({
    elements: () => ({ create: () => cardElement() }),
    createPaymentMethod: async () => ({ paymentMethod: { id: 'pm_card_visa' } }),
    handleNextAction: async () => ({}),
    paymentRequest,
  });
})();
`;
}
