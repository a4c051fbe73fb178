import { ZApplyCode, ZCartDocument, ZCodeLookupDocument } from '@foyer/contracts';
import { embedParam, operation, pathParam, sellerParam } from '../http/openapi-parts.js';
import { MODIFIABLE } from '../cart/openapi-paths.js';

const PROMO = 'validation_failed (2..35 characters)';

/** OpenAPI paths of the promotion calls (docs/promotions.md#applying-codes). */
export function promotionPaths() {
  const paths: Record<string, object> = {};
  for (const prefix of ['/my/cart', '/cart']) {
    paths[`${prefix}/{id}/apply_code`] = {
      post: operation({
        summary: 'Apply a promo code to a cart (or remove it with remove: true); the cart priced again',
        parameters: [pathParam('id'), sellerParam, embedParam],
        body: ZApplyCode,
        ok: ZCartDocument,
        refusals: {
          ...MODIFIABLE,
          '400': PROMO,
          '404': 'code_not_found (unknown, another seller\'s, or not on the cart when removing), not_found',
          '409': 'duplicate_code, code_exhausted, incorrect_cart_state (paid into or injected), cart_already_booked, intent_processing',
          '422': 'no_code_benefit (require_benefit), validation_failed (expired or not yet valid)',
          '429': 'rate_limited (too many wrong codes from this address or for this cart)',
        },
      }),
    };
  }
  paths['/code/{code}'] = {
    get: operation({
      summary: 'Look a code up: valid_from, valid_to, exhausted; mode=advertise adds the cart modifiers it activates',
      parameters: [pathParam('code'), sellerParam, { name: 'mode', in: 'query', schema: { type: 'string' }, description: '"advertise", "code" or both, comma-separated' }],
      ok: ZCodeLookupDocument,
      refusals: { '400': PROMO, '404': 'code_not_found', '429': 'rate_limited' },
    }),
  };
  return paths;
}
