// What other areas may use of identity/ (docs/architecture.md#public-modules): they import it from here, never from a *.repository.ts of this area.
export { grantIdentity, holderRegistered, mayNameIdentity } from './identity-grant.repository.js';
