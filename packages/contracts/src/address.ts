import { z } from 'zod';
import { ZResourceList } from './resources.js';

/**
 * Address lookup (docs/checkout.md#address-lookup "Address autocomplete", docs/checkout.md#address-lookup External): the server asks a Find/Retrieve
 * service (Loqate-style) with the seller's key, which never reaches the browser.
 */

/** GET address/find: `text` (4+ characters) or `container` (an earlier Container's id), in `country`. */
export const ZAddressFindQuery = z
  .object({
    text: z.string().trim().max(200).default(''),
    container: z.string().trim().max(200).optional(),
    country: z.string().trim().toLowerCase(),
  });

/** One suggestion: an Address is retrieved; a Container (a street, a building) drills down. */
export const ZAddressSuggestion = z.object({
  id: z.string(),
  type: z.string(),
  text: z.string(),
  description: z.string(),
});
export type TAddressSuggestion = z.infer<typeof ZAddressSuggestion>;
export const ZAddressSuggestions = z.object({ _total: z.number().int().optional(), address_suggestion: ZResourceList(ZAddressSuggestion) });
export type TAddressSuggestions = z.infer<typeof ZAddressSuggestions>;

/** GET address/retrieve?id=: the address in the identity form's keys. */
export const ZAddressRetrieveQuery = z.object({ id: z.string().trim().min(1).max(200) });
export const ZFoundAddress = z.object({
  id: z.string(),
  address: z.string(),
  address_more: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  country: z.string(),
});
export type TFoundAddress = z.infer<typeof ZFoundAddress>;
export const ZFoundAddresses = z.object({ _total: z.number().int().optional(), address: ZResourceList(ZFoundAddress) });
export type TFoundAddresses = z.infer<typeof ZFoundAddresses>;
