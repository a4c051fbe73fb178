import { ADMIN_TEXT, type TAdminMember } from '@foyer/contracts';
import type { Db, Dialect, Tx } from '../db/database.js';
import { inWriteTransaction } from '../db/write-batch.js';
import { AppError } from '../http/app-error.js';
import { recordAudit, type Actor } from './audit.js';
import { endSet, extendSet, membersOfSet, stopSetRenewal } from './member-actions.repository.js';

type Deps = { db: Db; dialect: Dialect };
const CONTEXT = 'admin_member';

/**
 * The box office's changes to a membership (docs/box-office.md, Members), each on a card set (the
 * cards bought together): one conditional update, and its audit entry with the cards before and
 * after, in one transaction.
 */
async function changeSet(deps: Deps, actor: Actor, input: { cardSetId: string; action: string; reason: string; now: Date }, write: (tx: Tx, before: TAdminMember[]) => Promise<void>): Promise<TAdminMember[]> {
  return inWriteTransaction(deps.db, deps.dialect, async (tx) => {
    const before = await membersOfSet(tx, input.cardSetId);
    if (!before.length) throw new AppError(404, 'not_found', ADMIN_TEXT.memberNotFound, CONTEXT, { card_set_id: input.cardSetId });
    await write(tx, before);
    const after = await membersOfSet(tx, input.cardSetId);
    const shown = (cards: TAdminMember[]) => ({ valid_to: cards.map((c) => c.valid_to), auto_renew_state: cards.map((c) => c.auto_renew_state) });
    await recordAudit(tx, actor, { action: input.action, objectType: 'membership', objectId: input.cardSetId, before: shown(before), after: { ...shown(after), reason: input.reason } }, input.now);
    return after;
  });
}

/** POST admin/members/{cardSetId}/extend: a later end (never an earlier one). */
export function extendMembership(deps: Deps, actor: Actor, input: { cardSetId: string; validTo: string; reason: string; now: Date }) {
  const validTo = new Date(input.validTo).toISOString();
  return changeSet(deps, actor, { ...input, action: 'membership.extend' }, async (tx, before) => {
    const latest = before.reduce((max, c) => (c.valid_to > max ? c.valid_to : max), '');
    if (validTo <= latest || !(await extendSet(tx, input.cardSetId, validTo, input.now.toISOString()))) throw new AppError(400, 'validation_failed', ADMIN_TEXT.memberExtendEarlier, CONTEXT, { valid_to: latest });
  });
}

/** POST admin/members/{cardSetId}/cancel: ends the cards now and stops their renewal. */
export function cancelMembership(deps: Deps, actor: Actor, input: { cardSetId: string; reason: string; now: Date }) {
  return changeSet(deps, actor, { ...input, action: 'membership.cancel' }, async (tx) => {
    if (!(await endSet(tx, input.cardSetId, input.now.toISOString()))) throw new AppError(409, 'membership_expired', ADMIN_TEXT.memberEnded, CONTEXT, { card_set_id: input.cardSetId });
  });
}

/** POST admin/members/{cardSetId}/auto_renew/cancel: the cards stay valid to their end and are not renewed. */
export function cancelMemberAutoRenew(deps: Deps, actor: Actor, input: { cardSetId: string; reason: string; now: Date }) {
  return changeSet(deps, actor, { ...input, action: 'membership.cancel_auto_renew' }, async (tx) => {
    if (!(await stopSetRenewal(tx, input.cardSetId, input.now.toISOString()))) throw new AppError(409, 'not_enrolled', ADMIN_TEXT.memberNotEnrolled, CONTEXT, { card_set_id: input.cardSetId });
  });
}
