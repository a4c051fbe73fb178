import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { api } from '../src/api/client.js';
import { queryClient } from '../src/api/query-client.js';
import { writeCartId } from '../src/shared/cart/storage.js';
import { SELLER_ID } from './fixtures.js';

/**
 * Each test of the file or block it is called in starts with stored cart `cart-1` (the cart and
 * checkout screens), a fresh query cache and storage and no seller; unmounted and unstubbed after.
 */
export function useCartTestEnv() {
  beforeEach(() => {
    vi.stubGlobal('scrollTo', () => {});
    queryClient.clear();
    localStorage.clear();
    api.setSellerId(null);
    writeCartId(SELLER_ID, 'cart-1');
  });
  afterEach(() => {
    cleanup();
    document.body.innerHTML = '';
    vi.unstubAllGlobals();
  });
}
