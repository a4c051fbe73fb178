import { SELF_EDIT_TEXT } from '@foyer/contracts';
import { changeRefusal } from '@foyer/contracts/rules';
import type { Tx } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';

/**
 * docs/architecture.md "Rules and where they are enforced": a change cart may take a paid ticket
 * out of its order only in exchange for a new ticket of the same event in the same cart (a
 * reschedule), never from a `single` event; free tickets may simply go (the shared rule
 * `changeRefusal`). Checked at the end of every modify of a change cart (so a later remove of the
 * new tickets is refused too) and again when the change is confirmed, before anything is claimed.
 * The event type is fixed, so the confirm checks only the exchange (`checkEventType` false).
 */
export async function assertExchange(tx: Tx, cartId: string, checkEventType: boolean): Promise<void> {
  const takenOut = await tx
    .selectFrom('ticket')
    .innerJoin('event_template', 'event_template.id', 'ticket.event_template_id')
    .select(['ticket.id', 'ticket.face_value', 'ticket.adjusted_value', 'ticket.fee_fixed_outside', 'ticket.fee_percent_outside', 'ticket.event_template_id', 'event_template.event_type'])
    .where('ticket.change_cart_id', '=', cartId)
    .where('ticket.state', '=', 'in_cart')
    .orderBy('ticket.id')
    .execute();
  if (!takenOut.length) return;
  const added = await tx.selectFrom('ticket').select('event_template_id').where('cart_id', '=', cartId).where('state', '=', 'held').where('ticket_order_id', 'is', null).execute();
  const refusal = changeRefusal(
    takenOut.map((t) => ({ id: t.id, face_value: String(t.face_value), adjusted_value: String(t.adjusted_value + t.fee_fixed_outside + t.fee_percent_outside), event_id: t.event_template_id, event_type: t.event_type })),
    added.map((a) => ({ event_id: a.event_template_id })),
    checkEventType,
  );
  if (refusal) throw new AppError(403, 'self_edit_not_allowed', SELF_EDIT_TEXT.contactToReschedule, 'cart_remove_tickets', refusal);
}
