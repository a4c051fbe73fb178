import { ZAppleLogBody, ZAppleRegistrationBody, ZAppleUpdatedSerials, ZWalletPrecheckDocument } from '@foyer/contracts';
import { answer, json, operation, pathParam, refusals, sellerParam } from '../http/openapi-parts.js';

const OWNED = { '404': "not_found (no such order or not the caller's — another identity, no key, a wrong key —, no such ticket or card in it, or the wallet not offered), seller_not_found", '429': 'rate_limited (keyed reads; Retry-After)' };
const key = { name: 'key', in: 'query', schema: { type: 'string' }, description: "The manage link's key; without it, the buyer's own browser or login." };
const pick = [
  { name: 'ticket_id', in: 'query', schema: { type: 'string' }, description: "One ticket's pass." },
  { name: 'membership_id', in: 'query', schema: { type: 'string' }, description: "One member card's pass (neither: all of the order's)." },
];

/** OpenAPI paths of wallet passes (001 §2 Order complete wallet links, §3, §7), generated from the contracts. */
export function walletPaths() {
  const id = pathParam('id');
  return {
    '/ticket_order/{id}/walletprecheck': {
      get: operation({
        summary: "Per wallet (apple, google): ok when the operator configured it and the order (or the ticket or card named) has a pass. The order's owner only, or a logged-in member for their own card (membership_id)",
        parameters: [id, key, ...pick, sellerParam],
        ok: ZWalletPrecheckDocument,
        refusals: OWNED,
      }),
    },
    '/ticket_order/{id}/pkpass': {
      get: operation({
        summary: 'Apple Wallet: a signed .pkpass of one ticket or member card, or a .pkpasses bundle of all the order\'s. The order\'s owner only, or a logged-in member for their own card',
        parameters: [id, key, ...pick, sellerParam],
        ok: {
          description: 'application/vnd.apple.pkpass (one pass) or application/vnd.apple.pkpasses (several)',
          content: { 'application/vnd.apple.pkpass': { schema: { type: 'string', format: 'binary' } }, 'application/vnd.apple.pkpasses': { schema: { type: 'string', format: 'binary' } } },
        },
        refusals: OWNED,
      }),
    },
    ...appleWebServicePaths(),
    '/ticket_order/{id}/gwpass': {
      get: {
        summary: "Google Wallet: redirects (302) to the save link https://pay.google.com/gp/v/save/{jwt} (RS256, the operator's service account) of one ticket or member card, or all the order's. The order's owner only, or a logged-in member for their own card",
        parameters: [id, key, ...pick, sellerParam],
        responses: { '302': { description: 'Location: the Google Wallet save link' }, ...refusals(OWNED) },
      },
    },
  };
}

const APPLE_AUTH = { name: 'Authorization', in: 'header', required: true, schema: { type: 'string' }, description: "ApplePass {the pass's authenticationToken}" };
const NOT_AUTHORISED = { '401': 'not_authorized (another pass type, an unknown serial or a wrong token)', '404': 'not_found (Apple Wallet not configured)' };

/** Apple's pass web service (docs/wallet-passes.md "Updates"), in Apple's protocol: the passes' webServiceURL is {public URL}/api/wallet/apple. */
function appleWebServicePaths() {
  const [device, passType, serial] = ['device', 'passType', 'serial'].map(pathParam);
  const registration = [device, passType, serial, APPLE_AUTH];
  return {
    '/wallet/apple/v1/devices/{device}/registrations/{passType}/{serial}': {
      post: {
        summary: 'A device registers for the pass\'s updates (its APNs push token)',
        parameters: registration,
        requestBody: { required: true, content: json(ZAppleRegistrationBody) },
        responses: { '201': { description: 'registered' }, '200': { description: 'already registered (push token refreshed)' }, ...refusals({ '400': 'validation_failed', '429': 'rate_limited (per IP; Retry-After)', ...NOT_AUTHORISED }) },
      },
      delete: {
        summary: 'The pass left the device: no more pushes to it',
        parameters: registration,
        responses: { '200': { description: 'unregistered' }, ...refusals({ '429': 'rate_limited (per IP; Retry-After)', ...NOT_AUTHORISED }) },
      },
    },
    '/wallet/apple/v1/devices/{device}/registrations/{passType}': {
      get: {
        summary: "The serials of the device's passes changed since the tag, and the next tag; 204 when none changed",
        parameters: [device, passType, { name: 'passesUpdatedSince', in: 'query', schema: { type: 'string' }, description: 'The lastUpdated tag of the previous answer' }],
        responses: { '200': answer(ZAppleUpdatedSerials), '204': { description: 'nothing changed (or no passes of this type)' }, ...refusals({ '404': 'not_found (Apple Wallet not configured)' }) },
      },
    },
    '/wallet/apple/v1/passes/{passType}/{serial}': {
      get: {
        summary: 'The pass as it is now (the new date after a reschedule, voided after a cancel or refund); Last-Modified, honours If-Modified-Since',
        parameters: [passType, serial, APPLE_AUTH, { name: 'If-Modified-Since', in: 'header', schema: { type: 'string' } }],
        responses: {
          '200': { description: 'application/vnd.apple.pkpass', content: { 'application/vnd.apple.pkpass': { schema: { type: 'string', format: 'binary' } } } },
          '304': { description: 'not modified since If-Modified-Since' },
          ...refusals(NOT_AUTHORISED),
        },
      },
    },
    '/wallet/apple/v1/log': {
      post: { summary: "A device's problems with the web service, written to the server log", requestBody: { required: true, content: json(ZAppleLogBody) }, responses: { '200': { description: 'logged' }, ...refusals({ '400': 'validation_failed' }) } },
    },
  };
}
