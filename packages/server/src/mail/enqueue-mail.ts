import { uuidv7 } from '../ids.js';
import type { Tx } from '../db/database.js';
import { insertOutbox } from './outbox.repository.js';

/** An inline image: the html refers to it as `cid:{cid}`. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  cid: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  attachments?: MailAttachment[];
}

export function attachmentsToJson(list: MailAttachment[] | undefined): string | null {
  return list?.length ? JSON.stringify(list.map((a) => ({ ...a, content: a.content.toString('base64') }))) : null;
}

export function attachmentsFromJson(json: string | null): MailAttachment[] {
  if (!json) return [];
  return (JSON.parse(json) as (Omit<MailAttachment, 'content'> & { content: string })[]).map((a) => ({ ...a, content: Buffer.from(a.content, 'base64') }));
}

/**
 * Puts a message in the outbox (docs/architecture.md#side-effects). Call it inside the transaction of the change that
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
    attachments: attachmentsToJson(message.attachments),
  });
  return id;
}
