import { uuidv7 } from 'uuidv7';
import type { Tx } from '../db/database.js';
import { insertOutbox } from './outbox.repository.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

/**
 * Puts a message in the outbox (DESIGN §7). Call it inside the transaction of the change that
 * causes it: the message exists exactly when the change committed; the worker sends it.
 */
export async function enqueueMail(tx: Tx, message: MailMessage, now: Date, kind = 'email'): Promise<string> {
  const id = uuidv7();
  const nowIso = now.toISOString();
  await insertOutbox(tx, {
    id,
    kind,
    to_address: message.to.trim().toLowerCase(),
    subject: message.subject,
    text_body: message.text,
    html_body: message.html ?? null,
    status: 'pending',
    attempts: 0,
    next_attempt_at: nowIso,
    claimed_at: null,
    sent_at: null,
    last_error: null,
    created_at: nowIso,
  });
  return id;
}
