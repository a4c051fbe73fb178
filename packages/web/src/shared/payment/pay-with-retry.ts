// Paying a cart while another payment for it is in flight: wait and try again with the same key.
import { isApiError } from '../../api/client.js';
import type { TPayAnswer, TPayBody } from '@foyer/contracts';
import { payCart } from './pay-api.js';

/** docs/checkout.md#flow: wait, then pay again while another payment for the cart is in flight. */
const PROCESSING_RETRY_MS = 1500;
const PROCESSING_RETRIES = 4;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Pays once; waits and tries again (same key) while another payment for the cart is in flight. */
export async function payWithRetry(cartId: string, body: TPayBody, key: string, member: boolean, orderKey: string | null = null): Promise<TPayAnswer> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await payCart(cartId, body, key, member, orderKey);
    } catch (error) {
      if (isApiError(error) && error.code === 'intent_processing' && attempt < PROCESSING_RETRIES) {
        await sleep(PROCESSING_RETRY_MS);
        continue;
      }
      throw error;
    }
  }
}
