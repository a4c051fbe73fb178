import type { FastifySchema } from 'fastify';
import type { z } from 'zod';
import { ZCartDocument } from '@foyer/contracts';
import { docs, sellerParam, type Parameter, type Refusals } from '../http/route-docs.js';

/** The ownership rule of cart-access.ts, as documented refusals: another identity's cart is refused, a gone one is not found. */
export const OWNED: Refusals = { '403': 'scope_error (_extra.owner = member when a logged-in member owns it)', '404': 'not_found, seller_not_found' };
/** assertModifiable: owned, not booked, not mid-payment, not timed out. */
export const MODIFIABLE: Refusals = { ...OWNED, '409': 'cart_already_booked (_extra.ticket_order_id), intent_processing', '410': 'cart_expired' };

/** A call that changes a cart the caller may modify (MODIFIABLE), answered with the cart document; `more` adds refusals or says them more exactly. */
export const cartChange = (summary: string, body: z.ZodType | undefined, more: Refusals, parameters: Parameter[] = [sellerParam]): FastifySchema => docs({ summary, parameters, body, ok: ZCartDocument, refusals: { ...MODIFIABLE, ...more } });
