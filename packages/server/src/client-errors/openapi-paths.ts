import { ZClientError, ZClientErrorAnswer } from '@foyer/contracts';
import { operation } from '../http/openapi-parts.js';

/** OpenAPI path of error reporting (docs/api.md#errors), generated from the contracts. */
export function clientErrorPaths() {
  return {
    '/client_error': {
      post: operation({
        summary: 'Report an unexpected error a browser met (logged with e-mails, names, passwords and answers masked)',
        body: ZClientError,
        ok: ZClientErrorAnswer,
        refusals: { '400': 'validation_failed', '429': 'rate_limited (Retry-After)' },
      }),
    },
  };
}
