import { sql, type SqlBool } from 'kysely';

/**
 * A queued row a polling worker may take (the mail outbox, the wallet pass updates: tables of the
 * same status, next_attempt_at and claimed_at columns): pending and due, or stuck in 'sending' since
 * before `staleBefore` (its worker stopped). The due read and the conditional claim both ask it, so
 * a claim takes only what is due and one worker (of any process) wins each row. Written as SQL
 * because Kysely's typed builder does not take a column of either table; the queries read one table.
 */
export const takeable = (nowIso: string, staleBefore: string) =>
  sql<SqlBool>`((status = 'pending' and next_attempt_at <= ${nowIso}) or (status = 'sending' and claimed_at < ${staleBefore}))`;
