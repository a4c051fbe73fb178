// What the account feature offers the other features (docs/architecture.md#web-features): re-exports only.
// Another feature imports these from here, never the files behind them (eslint/area-boundaries.js).
export { LOGIN_SUCCESS_EVENT, useOptionalAccount } from './account-context.js';
export { updateMe, userOf, userQuery, userQueryKey } from './api.js';
export { Field, FormFooter, focusFirstInvalid } from './field.js';
export { LoginPanel } from './login-panel.js';
export { hasSession } from './session-cookie.js';
export { useIsMember } from './use-is-member.js';
