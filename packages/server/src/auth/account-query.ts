import type { QuerySpec } from '../http/query.js';

/** Query of the account calls (login, external login, users): what their answers may embed. */
export const ACCOUNT_QUERY: QuerySpec = { embeds: ['identity', 'identity.meta', 'meta'] };
