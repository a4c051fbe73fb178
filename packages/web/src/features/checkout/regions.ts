// The country and region lists live with the shared identity-form rules (the server checks them too).
export { COUNTRIES, regionsOf, normalizeCountry } from '@foyer/contracts/rules';
