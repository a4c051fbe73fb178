import { z } from 'zod';
import {
  ZCalendarDay, ZConfigEntry, ZErrorEnvelope, ZEventSession, ZEventTemplate, ZImage, ZMembershipRule, ZMessageRule,
  ZPriceScheduleEntry, ZSeller, ZTicketGroup, ZTicketGroupRule, ZTicketType, ZTicketTypesRequired, ZVenue,
} from '@foyer/contracts';
import { accountPaths } from './auth/openapi-paths.js';
import { cartPaths } from './cart/openapi-paths.js';
import { orderPaths } from './orders/openapi-paths.js';
import { paymentPaths } from './payments/openapi-paths.js';
import { membershipPaths } from './membership/openapi-paths.js';
import { pathParam } from './http/openapi-parts.js';

/** OpenAPI 3.1 document generated from the contract schemas (DESIGN §2); test/openapi.test.ts checks it names every /api route. */
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

const listOf = (name: keyof typeof COMPONENTS) => ({
  type: 'object',
  properties: {
    _count: { type: 'integer' },
    _total: { type: 'integer' },
    _data: { type: 'array', items: { $ref: `#/components/schemas/${name}` } },
  },
});

const docOf = (primary: string, component: keyof typeof COMPONENTS) => ({
  description: `A relational document: \`${primary}\` plus any embedded resources as sibling keys.`,
  content: { 'application/json': { schema: { type: 'object', properties: { [primary]: listOf(component), _total: { type: 'integer' } } } } },
});

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

function read(summary: string, primary: string, component: keyof typeof COMPONENTS, withId = false) {
  return { get: { summary, parameters: withId ? [idParam, ...common] : common, responses: { '200': docOf(primary, component), ...errors } } };
}

let cached: unknown;

export function openApiDocument() {
  if (cached) return cached;
  const schemas = Object.fromEntries(Object.entries(COMPONENTS).map(([name, schema]) => [name, z.toJSONSchema(schema, { unrepresentable: 'any' })]));
  cached = {
    openapi: '3.1.0',
    info: { title: 'Foyer storefront API', version: '0.1.0', description: 'Every GET marked cacheable is also served at /cached_api/… with public Cache-Control and an ETag.' },
    servers: [{ url: '/api' }],
    paths: {
      '/health': { get: { summary: 'Server and database state', responses: { '200': { description: 'ok' }, '503': { description: 'database unreachable' } } } },
      '/openapi.json': { get: { summary: 'This document', responses: { '200': { description: 'OpenAPI 3.1' } } } },
      '/events/available': read('Event listing (cacheable)', 'event_template', 'EventTemplate'),
      '/events/{id}': read('Event detail (cacheable)', 'event_template', 'EventTemplate', true),
      '/events/{id}/sessions': {
        ...read('Sessions of an event (cacheable)', 'event_session', 'EventSession', true),
        post: { summary: 'Sessions that can take the given quantities, with a price schedule', parameters: [idParam, ...common], requestBody: body, responses: { '200': docOf('event_session', 'EventSession'), ...errors } },
      },
      '/events/{id}/calendar': {
        ...read('Calendar days of an event (cacheable; _format=extended)', 'calendar', 'CalendarDay', true),
        post: { summary: 'Priced calendar for quantities (at most 10 ticket types)', parameters: [idParam, ...common], requestBody: body, responses: { '200': docOf('calendar', 'CalendarDay'), ...errors } },
      },
      '/events/{id}/pricecheck': { post: { summary: 'Current prices of ticket types', parameters: [idParam], requestBody: body, responses: { '200': docOf('ticket_type', 'TicketType'), ...errors } } },
      '/ticket_group/{id}': read('A ticket group (cacheable)', 'ticket_group', 'TicketGroup', true),
      '/membership_rules': read('Member allowances (cacheable)', 'membership_rule', 'MembershipRule'),
      '/config': read('Configuration entries (cacheable)', 'config', 'ConfigEntry'),
      ...accountPaths(),
      ...cartPaths(),
      ...orderPaths(),
      ...paymentPaths(),
      ...membershipPaths(),
      '/image/{id}': { get: { summary: 'An image, resized by sizex/sizey (shrink_only)', parameters: [idParam], responses: { '200': { description: 'image/webp' }, ...errors } } },
    },
    components: { schemas },
  };
  return cached;
}
