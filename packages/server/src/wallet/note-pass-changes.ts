import type { Tx } from '../db/database.js';
import { passesShowing, repointPass, ticketEventsAndTypes } from './wallet-pass.repository.js';
import { queueWalletPush } from './wallet-push.repository.js';

/**
 * Passes of these tickets changed (a cancel, a refund, a new admit name): each handed-out pass
 * showing one gets a new update tag and an update queued (docs/wallet-passes.md "Updates"). Called
 * inside the change's transaction; nothing is sent before it commits. A ticket with no pass handed
 * out costs one indexed read.
 */
export async function noteTicketsChanged(tx: Tx, orderId: string, ticketIds: readonly string[], now: Date) {
  await notePasses(tx, orderId, ticketIds, () => null, now);
}

/**
 * A change cart replaced `removedIds` with `addedIds` (a reschedule, a staff move): a pass of a
 * removed ticket now shows the new ticket of the same event (the same ticket type first), so an
 * installed pass keeps its place in the wallet with the new date and scan code; a removed ticket
 * nothing replaced is voided.
 */
export async function noteTicketsReplaced(tx: Tx, orderId: string, removedIds: readonly string[], addedIds: readonly string[], now: Date) {
  if (!(await passesShowing(tx, removedIds)).length) return;
  const rows = await ticketEventsAndTypes(tx, [...removedIds, ...addedIds]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const free = addedIds.map((id) => byId.get(id)).filter((r) => !!r);
  const take = (match: (r: (typeof rows)[number]) => boolean) => {
    const i = free.findIndex(match);
    return i < 0 ? null : free.splice(i, 1)[0].id;
  };
  const replacement = new Map<string, string | null>();
  for (const id of removedIds) {
    const old = byId.get(id);
    if (!old) continue;
    replacement.set(id, take((r) => r.event_template_id === old.event_template_id && r.ticket_type_id === old.ticket_type_id) ?? take((r) => r.event_template_id === old.event_template_id));
  }
  await notePasses(tx, orderId, removedIds, (id) => replacement.get(id) ?? null, now);
}

async function notePasses(tx: Tx, orderId: string, ticketIds: readonly string[], replacedBy: (ticketId: string) => string | null, now: Date) {
  const nowIso = now.toISOString();
  for (const pass of await passesShowing(tx, ticketIds)) {
    await repointPass(tx, pass.serial_number, replacedBy(pass.ticket_id) ?? pass.ticket_id, nowIso);
    await queueWalletPush(tx, pass.serial_number, orderId, nowIso);
  }
}
