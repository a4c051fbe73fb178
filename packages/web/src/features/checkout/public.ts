// What the checkout feature offers the other features (docs/architecture.md#web-features): re-exports only.
// Another feature imports these from here, never the files behind them (eslint/area-boundaries.js).
export { CheckoutForm } from './checkout-form.js';
export { ticketsPath } from './complete-page.js';
export { IdentityFields } from './identity-fields.js';
export { EMPTY_ANSWERS, answersWith, checkoutIdentityForm, problemText, validateIdentityAnswers } from './identity-form-model.js';
export type { IdentityErrors } from './identity-form-model.js';
