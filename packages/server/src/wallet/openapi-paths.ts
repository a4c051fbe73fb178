import { ZWalletPrecheckDocument } from '@foyer/contracts';
import { operation, pathParam, refusals, sellerParam } from '../http/openapi-parts.js';

const OWNED = { '404': "not_found (no such order or not the caller's — another identity, no key, a wrong key —, no such ticket or card in it, or the wallet not offered), seller_not_found", '429': 'rate_limited (keyed reads; Retry-After)' };
const key = { name: 'key', in: 'query', schema: { type: 'string' }, description: "The manage link's key; without it, the buyer's own browser or login." };
const pick = [
  { name: 'ticket_id', in: 'query', schema: { type: 'string' }, description: "One ticket's pass." },
  { name: 'membership_id', in: 'query', schema: { type: 'string' }, description: "One member card's pass (neither: all of the order's)." },
];

/** OpenAPI paths of wallet passes (docs/wallet-passes.md#what-has-a-pass Order complete wallet links, docs/wallet-passes.md#what-has-a-pass, docs/wallet-passes.md#calls), generated from the contracts. */
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
    '/ticket_order/{id}/gwpass': {
      get: {
        summary: "Google Wallet: redirects (302) to the save link https://pay.google.com/gp/v/save/{jwt} (RS256, the operator's service account) of one ticket or member card, or all the order's. The order's owner only, or a logged-in member for their own card",
        parameters: [id, key, ...pick, sellerParam],
        responses: { '302': { description: 'Location: the Google Wallet save link' }, ...refusals(OWNED) },
      },
    },
  };
}
