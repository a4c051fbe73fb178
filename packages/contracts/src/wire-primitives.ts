import { z } from 'zod';

/** Building blocks of the wire (docs/api.md#responses), in answers and request bodies alike: one home, so a rule of the wire changes once. */

/** An amount in an answer: a decimal string with exactly 2 places, maybe negative ("-12.50"). */
export const ZMoney = z.string().regex(/^-?\d+\.\d{2}$/);

/** A free-form object (meta, additional_info): keys and values the server does not interpret. */
export const ZJson = z.record(z.string(), z.unknown());

/** A page's `_limit`: [offset, size]. */
export const ZPaging = z.tuple([z.number().int(), z.number().int()]);
