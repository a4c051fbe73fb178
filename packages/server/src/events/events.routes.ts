import { ZTicketTypesRequired, ZDocument } from '@foyer/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { parseBody } from '../http/parse-body.js';
import { parseQuery, type QuerySpec } from '../http/query.js';
import { readRoute } from '../http/read-route.js';
import { resolveSeller } from '../sellers/resolve-seller.js';
import { AVAILABLE_EVENTS_QUERY, listAvailableEvents } from './list-available-events.js';
import { EVENT_QUERY, getEvent } from './get-event.js';
import { SESSIONS_QUERY, listSessions } from './list-sessions.js';
import { SESSION_QUERY, getSession } from './get-session.js';
import { EVENT_TEMPLATES_QUERY, listEventTemplates } from './list-event-templates.js';
import { PRICE_SESSIONS_QUERY, priceSessions } from './price-sessions.js';
import { CALENDAR_QUERY, getCalendar } from './get-calendar.js';
import { priceCheck } from './price-check.js';
import { TICKET_GROUP_QUERY, getTicketGroup } from './get-ticket-group.js';
import { MEMBERSHIP_RULES_QUERY, listMembershipRules } from './list-membership-rules.js';
import { CONFIG_QUERY, listConfig } from '../config/list-config.js';
import { resolveViewer } from '../membership/resolve-viewer.js';
import { settingsConfigEntries } from '../config/settings-entries.js';
import { answer, CATALOG_ERRORS, docs, embedParam, queryParam, sellerParam, type Parameter } from '../http/route-docs.js';

/** A catalog read's answer: the primary list and any embedded resources, each key documented (strict resources). */
const docOf = (primary: keyof typeof ZDocument.shape) => answer(ZDocument.required({ [primary]: true } as { [K in typeof primary]: true }), `A relational document: \`${primary}\` plus any embedded resources as sibling keys.`);
const COMMON: Parameter[] = [
  sellerParam,
  embedParam,
  { name: '_limit', in: 'query', schema: { type: 'integer' } },
  { name: '_offset', in: 'query', schema: { type: 'integer' } },
  queryParam('_sort', 'field,-field'),
];
const QUANTITIES = { $ref: '#/components/schemas/TicketTypesRequired' };
const read = (summary: string, primary: keyof typeof ZDocument.shape) => docs({ summary, parameters: COMMON, ok: docOf(primary), more: CATALOG_ERRORS });
const priced = (summary: string, primary: keyof typeof ZDocument.shape, parameters = COMMON) => docs({ summary, parameters, body: QUANTITIES, ok: docOf(primary), more: CATALOG_ERRORS });

type IdParams = { Params: { id: string } };

/** Catalog reads of docs/events.md#calls. */
export function registerEventRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  // The viewer comes from the session on /api; /cached_api answers are the same for everyone.
  const base = async (request: FastifyRequest, spec: QuerySpec, cached = false) => {
    const query = parseQuery(request.query as Record<string, unknown>, spec);
    const seller = await resolveSeller(db, query.seller, ctx.settings.defaultSeller, ctx.cache);
    const now = ctx.now();
    return { query, seller, sellerId: seller.id, timezone: seller.timezone, viewer: await resolveViewer(db, request, seller.id, now, cached), now };
  };
  const id = (request: FastifyRequest) => (request.params as { id: string }).id;

  readRoute(app, '/events/available', async ({ request, cached }) => listAvailableEvents(db, await base(request, AVAILABLE_EVENTS_QUERY, cached)), { schema: read('Event listing (cacheable)', 'event_template') });
  readRoute(app, '/events/:id', async ({ request, cached }) => getEvent(db, { ...(await base(request, EVENT_QUERY, cached)), id: id(request) }), { schema: read('Event detail (cacheable)', 'event_template') });
  readRoute(app, '/events/:id/sessions', async ({ request, cached }) => listSessions(db, { ...(await base(request, SESSIONS_QUERY, cached)), id: id(request) }), { schema: read('Sessions of an event (cacheable)', 'event_session') });
  readRoute(app, '/events/:id/sessions/:sessionId', async ({ request, cached }) =>
    getSession(db, { ...(await base(request, SESSION_QUERY, cached)), id: id(request), sessionId: (request.params as { sessionId: string }).sessionId }),
    { schema: read('One session of an event, as it stands (cacheable; embed venue, ticket_group, ticket_type; ticket_group.id._in, ticket_group.hidden_type._in)', 'event_session') },
  );
  readRoute(app, '/event_template', async ({ request, cached }) => listEventTemplates(db, await base(request, EVENT_TEMPLATES_QUERY, cached)), { schema: read('Events by id (cacheable; id._in, embed venue, meta)', 'event_template') });
  readRoute(app, '/events/:id/calendar', async ({ request, cached }) => getCalendar(db, { ...(await base(request, CALENDAR_QUERY, cached)), id: id(request), dialect: ctx.dialect }), {
    schema: read('Calendar days of an event (cacheable; _format=extended)', 'calendar'),
  });
  readRoute(app, '/ticket_group/:id', async ({ request, cached }) => getTicketGroup(db, { ...(await base(request, TICKET_GROUP_QUERY, cached)), id: id(request) }), { schema: read('A ticket group (cacheable)', 'ticket_group') });
  readRoute(app, '/membership_rules', async ({ request }) => listMembershipRules(db, await base(request, MEMBERSHIP_RULES_QUERY)), { schema: read('Member allowances (cacheable)', 'membership_rule') });
  const settingsEntries = settingsConfigEntries(ctx.settings);
  readRoute(app, '/config', async ({ request }) => listConfig(db, { ...(await base(request, CONFIG_QUERY)), settingsEntries }), { schema: read('Configuration entries (cacheable)', 'config') });

  app.post<IdParams>('/api/events/:id/sessions', { schema: priced('Sessions that can take the given quantities, with a price schedule', 'event_session') }, async (request) => {
    const input = await base(request, PRICE_SESSIONS_QUERY);
    return priceSessions(db, { ...input, id: request.params.id, body: parseBody(ZTicketTypesRequired, request.body, 'event_sessions') });
  });
  app.post<IdParams>('/api/events/:id/calendar', { schema: priced('Priced calendar for quantities (at most 10 ticket types)', 'calendar') }, async (request) => {
    const input = await base(request, CALENDAR_QUERY);
    return getCalendar(db, { ...input, id: request.params.id, dialect: ctx.dialect, body: parseBody(ZTicketTypesRequired, request.body, 'event_calendar') });
  });
  app.post<IdParams>('/api/events/:id/pricecheck', { schema: priced('Current prices of ticket types', 'ticket_type', []) }, async (request) => {
    const input = await base(request, {});
    return priceCheck(db, { ...input, id: request.params.id, body: parseBody(ZTicketTypesRequired, request.body, 'pricecheck') });
  });
}
