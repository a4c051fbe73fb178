import type { TestApp } from './harness.js';

/**
 * Everything a refused request must leave as it was (docs/architecture.md, "Rules and where they
 * are enforced"): capacity used per session and group, ticket states, orders' totals, payments and
 * refunds, gift cards, code uses and member allowances. Compare two snapshots with toEqual.
 */
export async function books(t: TestApp, refundsSent = 0) {
  const db = t.db;
  return {
    sessions: await db.selectFrom('event_session').select(['id', 'used_capacity']).orderBy('id').execute(),
    groups: await db.selectFrom('session_group_usage').selectAll().orderBy('event_session_id').orderBy('ticket_group_id').execute(),
    tickets: await db.selectFrom('ticket').select(['id', 'state', 'ticket_order_id', 'change_cart_id', 'admit_name', 'admit_email']).orderBy('id').execute(),
    orders: await db.selectFrom('ticket_order').select(['id', 'total', 'paid']).orderBy('id').execute(),
    payments: await db.selectFrom('payment').select(['id', 'status', 'amount', 'gateway_id']).orderBy('id').execute(),
    refundsSent,
    giftCards: await db.selectFrom('ledger').select(['id', 'balance', 'state']).orderBy('id').execute(),
    codeUses: await db.selectFrom('promo_code').select(['id', 'used']).orderBy('id').execute(),
    allowances: await db.selectFrom('member_allowance_usage').selectAll().orderBy('membership_id').orderBy('membership_rule_id').orderBy('period_key').execute(),
    users: await db.selectFrom('user_account').select(['id', 'first_name', 'last_name', 'email']).orderBy('id').execute(),
  };
}
