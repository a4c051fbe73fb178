import { z } from 'zod';

/** Building blocks of the wire (docs/api.md#responses), in answers and request bodies alike: one home, so a rule of the wire changes once. */

/** An amount in an answer: a decimal string with exactly 2 places, maybe negative ("-12.50"). */
export const ZMoney = z.string().regex(/^-?\d+\.\d{2}$/);

/** A free-form object (meta, additional_info): keys and values the server does not interpret. */
export const ZJson = z.record(z.string(), z.unknown());

/** A term (ISO instants): from when to when a ticket, member card or code is valid. Spread into z.object. */
export const ZTermFields = { valid_from: z.string(), valid_to: z.string() };
/** A term that may be unknown (null): a ticket without a session, a card an operator added, a code without dates, a scan the door cannot place. */
export const ZOpenTermFields = { valid_from: z.string().nullable(), valid_to: z.string().nullable() };

/** A page's `_limit`: [offset, size]. */
export const ZPaging = z.tuple([z.number().int(), z.number().int()]);
