// What other areas may use of config/ (docs/architecture.md#public-modules): they import it from here, never from a *.repository.ts of this area.
export { anyConfigValue, sellerConfigText, sellerConfigValue } from './config.repository.js';
