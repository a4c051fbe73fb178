import { en } from '../../i18n/en.js';

// The country and region lists live with the shared identity-form rules (the server checks them too).
export { COUNTRIES, regionsOf, normalizeCountry } from '@foyer/contracts/rules';

/** The state / province field's label: 'province' for Canada (docs/checkout.md#your-information). */
export const regionLabel = (country: string) => (country === 'ca' ? en.checkout.province : en.checkout.state);
