import type { Kysely } from 'kysely';

/** Inline images of a message (the order confirmation's QR codes, by Content-ID): JSON, base64 content. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('attachments', 'text').execute();
}
