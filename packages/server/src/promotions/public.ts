// What other areas may use of promotions/ (docs/architecture.md#public-modules): they import it from here, never from a *.repository.ts of this area.
export { giveBackCodeUses, retakeCodeUses } from './promotions.repository.js';
