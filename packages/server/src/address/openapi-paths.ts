import { ZAddressSuggestions, ZFoundAddresses } from '@foyer/contracts';
import { operation, sellerParam } from '../http/openapi-parts.js';

const q = (name: string, description: string, required = false) => ({ name, in: 'query', required, schema: { type: 'string' }, description });

/** OpenAPI paths of the address lookup (docs/checkout.md#address-lookup External), generated from the contracts. */
export function addressPaths() {
  const refusals = { '400': 'not_configured (no ADDRESS_LOOKUP_KEY), validation_failed', '429': 'rate_limited (Retry-After)', '502': 'provider_unavailable' };
  return {
    '/address/find': {
      get: operation({
        summary: 'Address suggestions for a text (4+ characters) or inside a Container, in a supported country (us, gb, ca, au, nz)',
        parameters: [sellerParam, q('text', 'What the buyer typed'), q('container', "A Container suggestion's id: its addresses"), q('country', 'ISO 3166 alpha-2 code', true)],
        ok: ZAddressSuggestions,
        refusals,
      }),
    },
    '/address/retrieve': {
      get: operation({
        summary: "An Address suggestion's full address, in the identity form's keys",
        parameters: [sellerParam, q('id', "An Address suggestion's id", true)],
        ok: ZFoundAddresses,
        refusals: { ...refusals, '404': 'not_found' },
      }),
    },
  };
}
