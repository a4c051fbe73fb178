import { isLookupCountry, ZAddressFindQuery, ZAddressRetrieveQuery, ZAddressSuggestions, ZFoundAddresses, ADDRESS_SEARCH_MIN } from '@foyer/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { document } from '../http/envelope.js';
import { AppError } from '../http/app-error.js';
import { parseBody } from '../http/parse-body.js';
import { docs, queryParam, sellerParam } from '../http/route-docs.js';
import { enforceLimits, LIMITS } from '../rate-limit/rate-limit.js';
import { findAddresses, retrieveAddress } from './address-service.js';

/**
 * GET address/find and address/retrieve (docs/checkout.md#address-lookup address autocomplete): the browser's questions
 * to the address service, asked with the server's key. Refused without a key; limited per
 * address, since each question costs the seller.
 */
const REFUSALS = { '400': 'not_configured (no ADDRESS_LOOKUP_KEY), validation_failed', '429': 'rate_limited (Retry-After)', '502': 'provider_unavailable' };
const FIND = docs({
  summary: 'Address suggestions for a text (4+ characters) or inside a Container, in a supported country (us, gb, ca, au, nz)',
  parameters: [sellerParam, queryParam('text', 'What the buyer typed'), queryParam('container', "A Container suggestion's id: its addresses"), queryParam('country', 'ISO 3166 alpha-2 code', true)],
  ok: ZAddressSuggestions,
  refusals: REFUSALS,
});
const RETRIEVE = docs({
  summary: "An Address suggestion's full address, in the identity form's keys",
  parameters: [sellerParam, queryParam('id', "An Address suggestion's id", true)],
  ok: ZFoundAddresses,
  refusals: { ...REFUSALS, '404': 'not_found' },
});

export function registerAddressRoutes(app: FastifyInstance, ctx: AppContext) {
  const settings = () => {
    const lookup = ctx.settings.addressLookup;
    if (!lookup) throw new AppError(400, 'not_configured', 'Address lookup is not configured.', 'address_lookup');
    return lookup;
  };
  app.get('/api/address/find', { schema: FIND }, async (request) => {
    const lookup = settings();
    await enforceLimits(ctx.db, ctx.now(), [[LIMITS.addressLookupIp, request.ip]]);
    const query = parseBody(ZAddressFindQuery, request.query, 'address_lookup');
    if (!isLookupCountry(query.country)) throw new AppError(400, 'validation_failed', 'Address lookup is not available for this country.', 'address_lookup', { field: 'country' });
    if (!query.container && query.text.length < ADDRESS_SEARCH_MIN) throw new AppError(400, 'validation_failed', `Type at least ${ADDRESS_SEARCH_MIN} characters.`, 'address_lookup', { field: 'text' });
    const found = await findAddresses(lookup, { text: query.text, container: query.container ?? null, country: query.country });
    return document('address_suggestion', found, found.length);
  });
  app.get('/api/address/retrieve', { schema: RETRIEVE }, async (request) => {
    const lookup = settings();
    await enforceLimits(ctx.db, ctx.now(), [[LIMITS.addressLookupIp, request.ip]]);
    const query = parseBody(ZAddressRetrieveQuery, request.query, 'address_lookup');
    const found = await retrieveAddress(lookup, query.id);
    if (!found) throw new AppError(404, 'not_found', 'This address could not be found. Please enter it.', 'address_lookup');
    return document('address', [found], 1);
  });
}
