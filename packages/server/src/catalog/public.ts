// What other areas may use of catalog/ (docs/architecture.md#public-modules): they import it from here, never from a *.repository.ts of this area.
export { upsertByKey } from './catalog.repository.js';
