import { ADMIN_TEXT, type TAdminTicket, type TAdminTicketNameBody } from '@foyer/contracts';
import type { Db, Dialect } from '../db/database.js';
import { inWriteTransaction } from '../db/write-batch.js';
import { AppError } from '../http/app-error.js';
import { recordAudit, type Actor } from './audit.js';
import { orderWithBuyer, setTicketAdmitName, ticketsOfOrder } from './admin-orders.repository.js';
import { adminTicketOut, orderNotFound } from './read-admin-order.js';
import { noteTicketsChanged } from '../wallet/note-pass-changes.js';

/** Tickets whose holder still matters: sold, or let in already (the desk may correct its record). */
const RENAMEABLE = ['booked', 'redeemed'];

/**
 * PATCH admin/orders/{id}/tickets/{ticketId} (box office; docs/box-office.md, Attendee names): the
 * attendee's first and last name, joined into admit_name as the storefront's forms join them. The
 * order's audit entry keeps the name before and after, so the order page's timeline shows it.
 */
export async function renameTicket(deps: { db: Db; dialect: Dialect }, actor: Actor, input: { orderId: string; ticketId: string; name: TAdminTicketNameBody; now: Date }): Promise<TAdminTicket> {
  return inWriteTransaction(deps.db, deps.dialect, async (tx) => {
    if (!(await orderWithBuyer(tx, input.orderId))) throw orderNotFound();
    const before = (await ticketsOfOrder(tx, input.orderId)).find((t) => t.id === input.ticketId);
    if (!before) throw new AppError(404, 'ticket_not_found', 'We could not find that ticket in this order.', 'admin_ticket', { ticket_id: input.ticketId });
    if (!RENAMEABLE.includes(before.state)) throw new AppError(409, 'ticket_state_incorrect', ADMIN_TEXT.renameNotBooked, 'admin_ticket', { ticket_id: before.id, state: before.state });
    const admitName = `${input.name.first_name} ${input.name.last_name}`;
    await setTicketAdmitName(tx, before.id, admitName);
    await noteTicketsChanged(tx, input.orderId, [before.id], input.now);
    await recordAudit(tx, actor, { action: 'ticket.rename', objectType: 'order', objectId: input.orderId, before: { ticket_id: before.id, admit_name: before.admit_name }, after: { ticket_id: before.id, admit_name: admitName } }, input.now);
    return adminTicketOut({ ...before, admit_name: admitName });
  });
}
