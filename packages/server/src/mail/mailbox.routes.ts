import type { TMailbox } from '@foyer/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { list } from '../http/envelope.js';
import { parseQuery } from '../http/query.js';
import { listOutbox } from './outbox.repository.js';
import { attachmentsFromJson } from './enqueue-mail.js';
import { ZMailbox } from '@foyer/contracts';
import { docs } from '../http/route-docs.js';

const MAILBOX = docs({ summary: 'Development only: the outbox, newest first (?to=)', ok: ZMailbox });

/**
 * GET dev/mailbox (development only, never with NODE_ENV=production): the outbox rows, newest
 * first, so developers, tests and e2e journeys can read passcodes and links. `?to=` filters.
 */
export function registerMailboxRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/dev/mailbox', { schema: MAILBOX }, async (request, reply) => {
    const query = parseQuery(request.query as Record<string, unknown>, { params: { to: 'string' }, defaultLimit: 50, maxLimit: 500 });
    const rows = await listOutbox(ctx.db, { to: (query.params.to as string | undefined) ?? null, limit: query.limit });
    reply.header('cache-control', 'no-store');
    const answer: TMailbox = {
      mailbox: list(
        rows.map((r) => ({
          id: r.id,
          to: r.to_address,
          subject: r.subject,
          text: r.text_body,
          html: r.html_body,
          status: r.status,
          created_at: r.created_at,
          attachments: attachmentsFromJson(r.attachments).map((a) => ({ cid: a.cid, filename: a.filename, content_type: a.contentType, size: a.content.length })),
        })),
      ),
    };
    return answer;
  });
}
