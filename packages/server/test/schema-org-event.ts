import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Event, WithContext } from 'schema-dts';

/**
 * A check of Event JSON-LD against schema.org's vocabulary, as the schema-dts package declares it
 * (its schema.d.ts is generated from schema.org's own definitions; the builder's return type is
 * checked against the same types at compile time), plus the properties search engines require and
 * recommend for an event (docs/search-engines.md). Answers the problems found; none: valid.
 */
const declarations = readFileSync(createRequire(import.meta.url).resolve('schema-dts').replace(/schema\.js$/, 'schema.d.ts'), 'utf8');

/** The properties schema.org gives a type, its ancestors' included (interface XBase extends YBase, ZBase { "prop"?: … }). */
function propertiesOf(type: string): Set<string> {
  const block = new RegExp(`^interface ${type}Base(?: extends ([^{]+))? \\{([\\s\\S]*?)^\\}`, 'm').exec(declarations);
  if (!block) throw new Error(`schema.org has no type ${type}`);
  const own = [...block[2].matchAll(/^\s{4}"([^"]+)"\?:/gm)].map((m) => m[1]);
  const parents = (block.at(1) ?? '').split(',').map((p) => p.trim().replace(/Base$/, '')).filter((p) => p && p !== 'Partial<IdReference>');
  return new Set([...own, ...parents.flatMap((p) => [...propertiesOf(p)])]);
}

/** The members of an enumeration (export type EventStatusType = "https://schema.org/EventCancelled" | …). */
function membersOf(enumeration: string): Set<string> {
  const line = new RegExp(`^export type ${enumeration} = (.*);$`, 'm').exec(declarations);
  if (!line) throw new Error(`schema.org has no enumeration ${enumeration}`);
  return new Set([...line[1].matchAll(/"(https:\/\/schema\.org\/[^"]+)"/g)].map((m) => m[1]));
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const isDate = (v: unknown) => typeof v === 'string' && (ISO_DATE.test(v) || ISO_DATE_TIME.test(v)) && !Number.isNaN(Date.parse(v));
const isAbsoluteUrl = (v: unknown) => typeof v === 'string' && /^https?:\/\/[^\s/]+/.test(v);
/** A value as a problem quotes it: text as it is, anything else as JSON (an object is not "[object Object]"). */
const shown = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

type Node = Record<string, unknown>;

export function eventProblems(data: WithContext<Event> | Node): string[] {
  const problems: string[] = [];
  const node = data as Node;
  const unknownProperties = (value: Node, type: string, path: string) => {
    const known = propertiesOf(type);
    for (const key of Object.keys(value)) if (!key.startsWith('@') && !known.has(key)) problems.push(`${path}.${key} is not a property of schema.org ${type}`);
    if (value['@type'] !== type) problems.push(`${path} is a ${shown(value['@type'])}, not a ${type}`);
  };
  if (node['@context'] !== 'https://schema.org') problems.push('@context is not https://schema.org');
  unknownProperties(node, 'Event', 'Event');
  // Required.
  if (typeof node.name !== 'string' || !node.name) problems.push('name is required');
  if (!isDate(node.startDate)) problems.push(`startDate must be an ISO 8601 date or date-time, got ${shown(node.startDate)}`);
  const location = node.location as Node | undefined;
  if (!location) problems.push('location is required');
  else {
    unknownProperties(location, 'Place', 'location');
    if (typeof location.name !== 'string' || !location.name) problems.push('location.name is required');
  }
  // Recommended, and well-formed where given.
  if (node.endDate === undefined) problems.push('endDate is recommended');
  else if (!isDate(node.endDate)) problems.push(`endDate must be an ISO 8601 date or date-time, got ${shown(node.endDate)}`);
  if (typeof node.description !== 'string' || !node.description) problems.push('description is recommended');
  const images = Array.isArray(node.image) ? node.image : node.image === undefined ? [] : [node.image];
  if (!images.length) problems.push('image is recommended');
  for (const image of images) if (!isAbsoluteUrl(image)) problems.push(`image must be an absolute URL, got ${shown(image)}`);
  if (!membersOf('EventStatusType').has(String(node.eventStatus))) problems.push(`eventStatus must be an EventStatusType, got ${shown(node.eventStatus)}`);
  if (!membersOf('EventAttendanceModeEnumeration').has(String(node.eventAttendanceMode))) problems.push(`eventAttendanceMode must be an EventAttendanceModeEnumeration, got ${shown(node.eventAttendanceMode)}`);
  if (!isAbsoluteUrl(node.url)) problems.push('url must be absolute');
  const offers = (Array.isArray(node.offers) ? node.offers : node.offers ? [node.offers] : []) as Node[];
  if (!offers.length) problems.push('offers is recommended');
  offers.forEach((offer, i) => {
    unknownProperties(offer, 'Offer', `offers[${i}]`);
    if (typeof offer.price !== 'string' || !/^\d+(\.\d+)?$/.test(offer.price)) problems.push(`offers[${i}].price must be a number, got ${shown(offer.price)}`);
    if (typeof offer.priceCurrency !== 'string' || !/^[A-Z]{3}$/.test(offer.priceCurrency)) problems.push(`offers[${i}].priceCurrency must be an ISO 4217 code`);
    if (!membersOf('ItemAvailability').has(String(offer.availability))) problems.push(`offers[${i}].availability must be an ItemAvailability, got ${shown(offer.availability)}`);
    if (!isAbsoluteUrl(offer.url)) problems.push(`offers[${i}].url must be absolute`);
  });
  const schedule = node.eventSchedule as Node | undefined;
  if (schedule) {
    unknownProperties(schedule, 'Schedule', 'eventSchedule');
    for (const key of ['startDate', 'endDate'] as const) if (!isDate(schedule[key])) problems.push(`eventSchedule.${key} must be an ISO 8601 date`);
    const days = membersOf('DayOfWeek');
    for (const day of (schedule.byDay as unknown[] | undefined) ?? []) if (!days.has(String(day))) problems.push(`eventSchedule.byDay has ${shown(day)}, not a DayOfWeek`);
    if (typeof schedule.repeatFrequency !== 'string' || !/^P\d+[DWMY]$/.test(schedule.repeatFrequency)) problems.push('eventSchedule.repeatFrequency must be an ISO 8601 duration');
  }
  const organizer = node.organizer as Node | undefined;
  if (!organizer) problems.push('organizer is recommended');
  else {
    unknownProperties(organizer, 'Organization', 'organizer');
    if (!isAbsoluteUrl(organizer.url)) problems.push('organizer.url must be absolute');
  }
  return problems;
}
