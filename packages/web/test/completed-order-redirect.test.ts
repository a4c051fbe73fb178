import { describe, expect, it } from 'vitest';
import { completedOrderRedirect } from '../src/shared/orders/orders.js';

describe('the external completed-order page', () => {
  it('appends the order ids to the configured address, keeping its own query', () => {
    expect(completedOrderRedirect('https://museum.example/thanks', ['a', 'b'])).toBe('https://museum.example/thanks?orderIds=a%2Cb');
    expect(completedOrderRedirect('https://museum.example/t?x=1', ['a'])).toBe('https://museum.example/t?x=1&orderIds=a');
  });

  it('is not used when unset, not an http(s) address, or without orders', () => {
    expect(completedOrderRedirect(undefined, ['a'])).toBeNull();
    expect(completedOrderRedirect('', ['a'])).toBeNull();
    expect(completedOrderRedirect('javascript:alert(1)', ['a'])).toBeNull();
    expect(completedOrderRedirect('not a url', ['a'])).toBeNull();
    expect(completedOrderRedirect('https://museum.example/thanks', [])).toBeNull();
  });
});
