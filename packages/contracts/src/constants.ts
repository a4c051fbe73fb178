/**
 * The contracts' plain values — limits, texts, configuration keys, money helpers — without the
 * wire schemas. The web imports values from here so zod never reaches the browser; schemas and
 * types stay in the package index.
 */
export * from './auth-limits.js';
export * from './attendee-limits.js';
export * from './staff-roles.js';
export * from './payment-limits.js';
export * from './after-sale-texts.js';
export * from './config-keys.js';
export * from './money.js';
export * from './membership-gift-texts.js';
export * from './membership-limits.js';
export * from './auto-renew-texts.js';
export * from './seat-map-limits.js';
export * from './promotion-texts.js';
export * from './wallet-providers.js';
export * from './event-page-reads.js';
export * from './page-head-texts.js';
