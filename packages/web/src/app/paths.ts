// The app's paths live below the features (lib/paths.ts) so that features and shared pieces may link without importing app/.
export { paths } from '../lib/paths.js';
