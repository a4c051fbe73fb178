import { SELF_EDIT_TEXT } from '@foyer/contracts';
import { changeRefusal } from '@foyer/contracts/rules';
import type { Tx } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { newTicketEventsOfCart, takenOutTicketsWithEvent } from './self-edit.repository.js';

/**
 * docs/architecture.md "Rules and where they are enforced": a change cart may take a paid ticket
 * out of its order only in exchange for a new ticket of the same event in the same cart (a
 * reschedule), never from a `single` event; free tickets may simply go (the shared rule
 * `changeRefusal`). Checked at the end of every modify of a change cart (so a later remove of the
 * new tickets is refused too) and again when the change is confirmed, before anything is claimed.
 * The event type is fixed, so the confirm checks only the exchange (`checkEventType` false).
 */
export async function assertExchange(tx: Tx, cartId: string, checkEventType: boolean): Promise<void> {
  const takenOut = await takenOutTicketsWithEvent(tx, cartId);
  if (!takenOut.length) return;
  const added = await newTicketEventsOfCart(tx, cartId);
  const refusal = changeRefusal(
    takenOut.map((t) => ({ id: t.id, face_value: String(t.face_value), adjusted_value: String(t.adjusted_value + t.fee_fixed_outside + t.fee_percent_outside), event_id: t.event_template_id, event_type: t.event_type })),
    added.map((a) => ({ event_id: a.event_template_id })),
    checkEventType,
  );
  if (refusal) throw new AppError(403, 'self_edit_not_allowed', SELF_EDIT_TEXT.contactToReschedule, 'cart_remove_tickets', refusal);
}
