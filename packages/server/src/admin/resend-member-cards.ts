import { ADMIN_TEXT } from '@foyer/contracts';
import type { Db, Dialect } from '../db/database.js';
import { inWriteTransaction } from '../db/write-batch.js';
import { AppError } from '../http/app-error.js';
import { enqueueMail } from '../mail/enqueue-mail.js';
import { memberCardsMail } from '../membership/membership-mail.js';
import { recordAudit, type Actor } from './audit.js';
import { orderWithBuyer } from './admin-orders.repository.js';
import { membersOfSet } from './member-actions.repository.js';
import { mustExist } from '../must-exist.js';

const CONTEXT = 'admin_member';

/**
 * POST admin/members/{cardSetId}/resend (docs/box-office.md#resending-cards): the set's cards
 * e-mailed again on their own — to the address staff type, else the card holder's, else the buyer
 * of the order that made them — with its audit entry, in one transaction.
 */
export async function resendMemberCards(deps: { db: Db; dialect: Dialect }, actor: Actor, input: { cardSetId: string; email?: string; now: Date }) {
  return inWriteTransaction(deps.db, deps.dialect, async (tx) => {
    const cards = await membersOfSet(tx, input.cardSetId);
    if (!cards.length) throw new AppError(404, 'not_found', ADMIN_TEXT.memberNotFound, CONTEXT, { card_set_id: input.cardSetId });
    const holder = cards.find((c) => c.email)?.email ?? null;
    const to = input.email ?? holder ?? (cards[0].ticket_order_id ? (await orderWithBuyer(tx, cards[0].ticket_order_id))?.email : null) ?? null;
    if (!to) throw new AppError(400, 'validation_failed', ADMIN_TEXT.memberNoEmail, CONTEXT, { card_set_id: input.cardSetId });
    const mail = mustExist(await memberCardsMail(tx, input.cardSetId, to), `cards mail of card set ${input.cardSetId}`);
    await enqueueMail(tx, mail, input.now, 'membership_cards');
    await recordAudit(tx, actor, { action: 'membership.resend_cards', objectType: 'membership', objectId: input.cardSetId, before: null, after: { to, member_ids: cards.map((c) => c.scan_code) } }, input.now);
    return { sent_to: to };
  });
}
