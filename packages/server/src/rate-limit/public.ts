// What other areas may use of rate-limit/ (docs/architecture.md#public-modules): they import it from here, never from a *.repository.ts of this area.
export { sweepRateLimits } from './rate-limit.repository.js';
