/**
 * The text of a stand-in for Stripe.js (https://js.stripe.com/v3/), served by the fake Stripe to
 * the browser tests: `window.Stripe(key)` with the calls Foyer makes (packages/web/src/shared/payment/stripe-js.ts).
 * The card element is a plain text field whose payment method is pm_card_visa; the Payment Element
 * (Bacs) has a sort code and an account number field, and its payment method is made by the fake's
 * POST /v1/payment_methods with the publishable key, as Stripe.js does (never through Foyer); the payment
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
  function paymentElement() {
    const inputs = {};
    let box = null;
    return {
      inputs,
      mount: (el) => {
        box = document.createElement('div');
        for (const [name, label] of [['sort_code', 'Sort code (Stripe stand-in)'], ['account_number', 'Account number (Stripe stand-in)']]) {
          const input = document.createElement('input');
          input.setAttribute('aria-label', label);
          inputs[name] = input;
          box.appendChild(input);
        }
        el.appendChild(box);
      },
      destroy: () => { if (box) box.remove(); },
      on: () => undefined,
    };
  }
  window.Stripe = (key) => ({
    elements: () => {
      let payment = null;
      return {
        create: (type) => (type === 'payment' ? (payment = paymentElement()) : cardElement()),
        submit: async () => (payment && payment.inputs.sort_code.value && payment.inputs.account_number.value ? {} : { error: { message: 'Your bank account details are incomplete.' } }),
        payment: () => payment,
      };
    },
    createPaymentMethod: async (options) => {
      if (!options.elements) return { paymentMethod: { id: 'pm_card_visa' } };
      const inputs = options.elements.payment().inputs;
      const body = new URLSearchParams({ key, type: 'bacs_debit', 'bacs_debit[sort_code]': inputs.sort_code.value, 'bacs_debit[account_number]': inputs.account_number.value });
      const answer = await fetch(FAKE + '/v1/payment_methods', { method: 'POST', body });
      const json = await answer.json();
      return answer.ok ? { paymentMethod: { id: json.id } } : { error: { message: json.error.message } };
    },
    handleNextAction: async () => ({}),
    paymentRequest,
  });
})();
`;
}
