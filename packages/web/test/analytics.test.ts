import type { TTicketGroup, TTicketType } from '@foyer/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { disableTagManager, enableTagManager, pushEcommerce } from '../src/shared/analytics/data-layer.js';
import { addedTicketIds, cartItems, ecommerceEvent, eventItems } from '../src/shared/analytics/ecommerce.js';
import { trackRemoveFromCart } from '../src/shared/analytics/track.js';
import { readCart } from '../src/shared/cart/model.js';
import type { EventDetail } from '../src/shared/events/model.js';
import { cartDocument, ticket } from './cart-fixtures.js';

const view = () => readCart(cartDocument())!;

beforeEach(() => {
  window.dataLayer = [];
  document.head.querySelectorAll('script[data-gtm]').forEach((s) => s.remove());
});
afterEach(() => disableTagManager());

describe('tag manager (docs/events.md#tag-manager)', () => {
  it('pushes nothing without a configured container; a bad id turns nothing on', () => {
    pushEcommerce(ecommerceEvent('add_to_cart', 'USD', cartItems(view())));
    enableTagManager('not-a-container');
    pushEcommerce(ecommerceEvent('add_to_cart', 'USD', cartItems(view())));
    expect(window.dataLayer).toEqual([]);
    expect(document.querySelector('script[data-gtm]')).toBeNull();
  });

  it('with an id: loads the container once, then each event clears the last ecommerce object and pushes its own', () => {
    enableTagManager('GTM-AB12CD');
    enableTagManager('GTM-AB12CD');
    const scripts = document.querySelectorAll<HTMLScriptElement>('script[data-gtm]');
    expect(scripts).toHaveLength(1);
    expect(scripts[0].src).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD');
    expect(window.dataLayer![0]).toMatchObject({ event: 'gtm.js' });

    pushEcommerce(ecommerceEvent('begin_checkout', 'USD', cartItems(view())));
    expect(window.dataLayer!.slice(1)).toEqual([
      { ecommerce: null },
      {
        event: 'begin_checkout',
        ecommerce: {
          currency: 'USD',
          value: 62,
          items: [
            { item_id: 'tt-adult', item_name: 'Adult', item_category: 'General Admission', item_category2: expect.any(String), item_variant: '2026-11-21T18:00:00.000Z', price: 25, quantity: 2 },
            { item_id: 'tt-child', item_name: 'Child', item_category: 'General Admission', item_category2: expect.any(String), item_variant: '2026-11-21T18:00:00.000Z', price: 12, quantity: 1 },
          ],
        },
      },
    ]);
  });

  it('purchase carries the order ids as transaction_id; remove_from_cart only the tickets removed', () => {
    enableTagManager('GTM-AB12CD');
    window.dataLayer = [];
    pushEcommerce(ecommerceEvent('purchase', 'USD', cartItems(view()), 'order-1'));
    expect(window.dataLayer[1]).toMatchObject({ event: 'purchase', ecommerce: { transaction_id: 'order-1', value: 62 } });
    const cart = view();
    const child = cart.tickets.find((t) => t.ticket_type_id === 'tt-child')!;
    trackRemoveFromCart(cart, [child.id], 'USD');
    expect(window.dataLayer[3]).toMatchObject({ event: 'remove_from_cart', ecommerce: { value: 12, items: [{ item_id: 'tt-child', quantity: 1, price: 12 }] } });
    trackRemoveFromCart(cart, null, 'USD');
    expect(window.dataLayer[5]).toMatchObject({ event: 'remove_from_cart', ecommerce: { value: 62 } });
  });

  it('view_item lists the ticket types of the event at their (discounted) prices', () => {
    const type = (id: string, amount: string, discounted: string | null = null) => ({ id, name: id, currency_amount: amount, discounted_amount: discounted }) as TTicketType;
    const detail = {
      event: { name: 'Planetarium' },
      groups: [{ group: { name: 'Shows' } as TTicketGroup, types: [{ type: type('tt-a', '10.00') }, { type: type('tt-b', '8.00', '6.50') }] }],
    } as unknown as EventDetail;
    expect(ecommerceEvent('view_item', 'EUR', eventItems(detail))).toEqual({
      event: 'view_item',
      ecommerce: {
        currency: 'EUR',
        value: 16.5,
        items: [
          { item_id: 'tt-a', item_name: 'tt-a', item_category: 'Planetarium', item_category2: 'Shows', price: 10, quantity: 1 },
          { item_id: 'tt-b', item_name: 'tt-b', item_category: 'Planetarium', item_category2: 'Shows', price: 6.5, quantity: 1 },
        ],
      },
    });
  });
});

describe('add_to_cart from cart changes', () => {
  const before = view();
  const more = readCart(cartDocument({ tickets: [...before.tickets, ticket({ id: 't-new', ticket_type_id: 'tt-adult' })] }))!;

  it('a new cart adds all it holds; an add to the same cart only the new tickets', () => {
    expect([...addedTicketIds({ cartId: null, view: null }, { cartId: 'cart-1', view: before })]).toEqual(before.tickets.map((t) => t.id));
    expect([...addedTicketIds({ cartId: 'cart-1', view: before }, { cartId: 'cart-1', view: more })]).toEqual(['t-new']);
  });

  it('reading a stored cart, removing, or another cart taken over add nothing', () => {
    expect(addedTicketIds({ cartId: 'cart-1', view: null }, { cartId: 'cart-1', view: before }).size).toBe(0);
    expect(addedTicketIds({ cartId: 'cart-1', view: more }, { cartId: 'cart-1', view: before }).size).toBe(0);
    expect(addedTicketIds({ cartId: 'cart-0', view: before }, { cartId: 'cart-1', view: more }).size).toBe(0);
    expect(addedTicketIds({ cartId: 'cart-1', view: before }, { cartId: null, view: null }).size).toBe(0);
  });
});
