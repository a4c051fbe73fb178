import { z } from 'zod';
import {
  ZCalendarDay, ZConfigEntry, ZErrorEnvelope, ZEventSession, ZEventTemplate, ZImage, ZMembershipRule, ZMessageRule,
  ZDocument, ZPriceScheduleEntry, ZSeller, ZTicketGroup, ZTicketGroupRule, ZTicketType, ZTicketTypesRequired, ZVenue,
} from '@foyer/contracts';
import { accountPaths } from './auth/openapi-paths.js';
import { cartPaths } from './cart/openapi-paths.js';
import { promotionPaths } from './promotions/openapi-paths.js';
import { orderPaths } from './orders/openapi-paths.js';
import { paymentPaths } from './payments/openapi-paths.js';
import { membershipPaths } from './membership/openapi-paths.js';
import { checkinPaths } from './checkin/openapi-paths.js';
import { doorPaths } from './door/openapi-paths.js';
import { clientErrorPaths } from './client-errors/openapi-paths.js';
import { seatPaths } from './seats/openapi-paths.js';
import { livePaths } from './live/openapi-paths.js';
import { addressPaths } from './address/openapi-paths.js';
import { walletPaths } from './wallet/openapi-paths.js';
import { adminPaths } from './admin/openapi-paths.js';
import { answer, pathParam } from './http/openapi-parts.js';

/** OpenAPI 3.1 document generated from the contract schemas (docs/api.md#responses); test/openapi.test.ts checks it names every /api route. */
const COMPONENTS = {
  Seller: ZSeller,
  Venue: ZVenue,
  EventTemplate: ZEventTemplate,
  TicketType: ZTicketType,
  TicketGroup: ZTicketGroup,
  TicketGroupRule: ZTicketGroupRule,
  EventSession: ZEventSession,
  ConfigEntry: ZConfigEntry,
  MessageRule: ZMessageRule,
  MembershipRule: ZMembershipRule,
  Image: ZImage,
  CalendarDay: ZCalendarDay,
  PriceScheduleEntry: ZPriceScheduleEntry,
  TicketTypesRequired: ZTicketTypesRequired,
  ErrorEnvelope: ZErrorEnvelope,
};

/** A catalog read's answer: the primary list and any embedded resources, each key documented (strict resources). */
const docOf = (primary: keyof typeof ZDocument.shape) => answer(ZDocument.required({ [primary]: true } as { [K in typeof primary]: true }), `A relational document: \`${primary}\` plus any embedded resources as sibling keys.`);

const errors = {
  '400': { description: 'Bad input', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } },
  '404': { description: 'Not found', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } },
};

const common = [
  { name: '_seller', in: 'query', schema: { type: 'string' }, description: 'Seller id or key; optional with one default seller.' },
  { name: '_embed', in: 'query', schema: { type: 'string' }, description: 'Comma-separated embed paths (dotted).' },
  { name: '_limit', in: 'query', schema: { type: 'integer' } },
  { name: '_offset', in: 'query', schema: { type: 'integer' } },
  { name: '_sort', in: 'query', schema: { type: 'string' }, description: 'field,-field' },
];
const idParam = pathParam('id');
const body = { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/TicketTypesRequired' } } } };

function read(summary: string, primary: keyof typeof ZDocument.shape, withId = false) {
  return { get: { summary, parameters: withId ? [idParam, ...common] : common, responses: { '200': docOf(primary), ...errors } } };
}

let cached: unknown;

export function openApiDocument() {
  if (cached) return cached;
  const schemas = Object.fromEntries(Object.entries(COMPONENTS).map(([name, schema]) => [name, z.toJSONSchema(schema, { unrepresentable: 'any' })]));
  cached = {
    openapi: '3.1.0',
    info: { title: 'Foyer storefront API', version: '0.1.0', description: 'Every GET marked cacheable is also served at /cached_api/… with public Cache-Control and an ETag.' },
    servers: [{ url: '/api' }],
    tags: [{ name: 'admin', description: 'The box office: staff sign-in and staff routes (docs/box-office.md)' }],
    paths: {
      '/health': { get: { summary: 'Server and database state', responses: { '200': { description: 'ok' }, '503': { description: 'database unreachable' } } } },
      '/ready': { get: { summary: 'Readiness for traffic: the database answers and the process is not shutting down', responses: { '200': { description: 'ready' }, '503': { description: 'draining or database unreachable' } } } },
      '/openapi.json': { get: { summary: 'This document', responses: { '200': { description: 'OpenAPI 3.1' } } } },
      '/events/available': read('Event listing (cacheable)', 'event_template'),
      '/events/{id}': read('Event detail (cacheable)', 'event_template', true),
      '/events/{id}/sessions': {
        ...read('Sessions of an event (cacheable)', 'event_session', true),
        post: { summary: 'Sessions that can take the given quantities, with a price schedule', parameters: [idParam, ...common], requestBody: body, responses: { '200': docOf('event_session'), ...errors } },
      },
      '/events/{id}/sessions/{sessionId}': {
        get: { summary: 'One session of an event, as it stands (cacheable; embed venue, ticket_group, ticket_type; ticket_group.id._in, ticket_group.hidden_type._in)', parameters: [idParam, pathParam('sessionId'), ...common], responses: { '200': docOf('event_session'), ...errors } },
      },
      '/events/{id}/calendar': {
        ...read('Calendar days of an event (cacheable; _format=extended)', 'calendar', true),
        post: { summary: 'Priced calendar for quantities (at most 10 ticket types)', parameters: [idParam, ...common], requestBody: body, responses: { '200': docOf('calendar'), ...errors } },
      },
      '/events/{id}/pricecheck': { post: { summary: 'Current prices of ticket types', parameters: [idParam], requestBody: body, responses: { '200': docOf('ticket_type'), ...errors } } },
      '/event_template': read('Events by id (cacheable; id._in, embed venue, meta)', 'event_template'),
      '/ticket_group/{id}': read('A ticket group (cacheable)', 'ticket_group', true),
      '/membership_rules': read('Member allowances (cacheable)', 'membership_rule'),
      '/config': read('Configuration entries (cacheable)', 'config'),
      ...accountPaths(),
      ...cartPaths(),
      ...promotionPaths(),
      ...orderPaths(),
      ...paymentPaths(),
      ...membershipPaths(),
      ...checkinPaths(),
      ...doorPaths(),
      ...clientErrorPaths(),
      ...seatPaths(),
      ...livePaths(),
      ...addressPaths(),
      ...walletPaths(),
      ...adminPaths(),
      '/image/{id}': { get: { summary: 'An image, resized by sizex/sizey (shrink_only)', parameters: [idParam], responses: { '200': { description: 'image/webp' }, ...errors } } },
    },
    components: { schemas },
  };
  return cached;
}
