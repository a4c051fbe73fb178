// What other areas may use of mail/ (docs/architecture.md#public-modules): they import it from here, never from a *.repository.ts of this area.
export { outboxStatus } from './outbox.repository.js';
