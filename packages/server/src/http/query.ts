import { AppError } from './app-error.js';
import { mustExist } from '../must-exist.js';

/**
 * The query language of docs/api.md#responses, as one reusable piece: each route declares what it accepts,
 * and anything else is refused with a 400 in the error envelope.
 */
export type FieldKind = 'string' | 'number' | 'boolean' | 'datetime' | 'date' | 'time';
export type Operator = 'eq' | 'in' | 'gte' | 'gt' | 'lte' | 'lt';
export type Scalar = string | number | boolean;

export interface Filter {
  field: string;
  op: Operator;
  value: Scalar | Scalar[];
}

export interface Sort {
  field: string;
  direction: 'asc' | 'desc';
}

export interface QuerySpec {
  /** Filterable fields and their kinds. */
  filters?: Record<string, FieldKind>;
  /** Allowed `_embed` paths; a dotted path also allows its prefixes. */
  embeds?: readonly string[];
  sorts?: readonly string[];
  /** Named parameters that are not filters (e.g. includeSessions, _format). */
  params?: Record<string, FieldKind>;
  /** Accept `meta.<key>=value` filters. */
  metaFilters?: boolean;
  defaultLimit?: number;
  maxLimit?: number;
}

export interface ParsedQuery {
  filters: Filter[];
  embed: Set<string>;
  sort: Sort[];
  limit: number;
  offset: number;
  ondate: string | null;
  seller: string | null;
  params: Partial<Record<string, Scalar>>;
  meta: Record<string, string>;
}

/** Parameters every route accepts. `_` alone is a cache-buster some clients send. */
const COMMON = new Set(['_seller', '_embed', '_limit', '_offset', '_sort', '_ondate', '_', 'limit']);
const OPERATORS: Record<string, Operator> = { _in: 'in', _gte: 'gte', _gt: 'gt', _lte: 'lte', _lt: 'lt' };
const TRUE = new Set(['t', 'true', '1']);
const FALSE = new Set(['f', 'false', '0']);

function invalid(field: string, message: string): AppError {
  return new AppError(400, 'bad_field_value', `${field}: ${message}`, 'query', { field });
}

export function parseBoolean(field: string, raw: string): boolean {
  const text = raw.trim().toLowerCase();
  if (TRUE.has(text)) return true;
  if (FALSE.has(text)) return false;
  throw invalid(field, `expected T/F, true/false or 1/0, got "${raw}"`);
}

export function parseScalar(field: string, kind: FieldKind, raw: string): Scalar {
  switch (kind) {
    case 'boolean':
      return parseBoolean(field, raw);
    case 'number': {
      if (!/^-?\d+(\.\d+)?$/.test(raw.trim())) throw invalid(field, `expected a number, got "${raw}"`);
      return Number(raw);
    }
    case 'date':
      if (!/^\d{4}-\d{2}-\d{2}$/.test(raw) || Number.isNaN(Date.parse(`${raw}T00:00:00Z`))) {
        throw invalid(field, `expected a date YYYY-MM-DD, got "${raw}"`);
      }
      return raw;
    case 'time':
      if (!/^([01]\d|2[0-4]):?[0-5]\d$/.test(raw)) throw invalid(field, `expected a time HH:mm, got "${raw}"`);
      return raw.includes(':') ? raw : `${raw.slice(0, 2)}:${raw.slice(2)}`;
    case 'datetime': {
      const ms = Date.parse(raw);
      if (Number.isNaN(ms) || !/^\d{4}-\d{2}-\d{2}/.test(raw)) throw invalid(field, `expected an ISO-8601 date-time, got "${raw}"`);
      return new Date(ms).toISOString();
    }
    default:
      return raw;
  }
}

function single(value: unknown): string {
  return Array.isArray(value) ? String(value[value.length - 1]) : String(value);
}

/** Specs are module constants: their embed sets are worked out once. */
const embedsOfSpec = new WeakMap<QuerySpec, Set<string>>();

function allowedEmbeds(spec: QuerySpec): Set<string> {
  const known = embedsOfSpec.get(spec);
  if (known) return known;
  const allowed = new Set<string>();
  for (const path of spec.embeds ?? []) {
    const parts = path.split('.');
    for (let i = 1; i <= parts.length; i++) allowed.add(parts.slice(0, i).join('.'));
  }
  embedsOfSpec.set(spec, allowed);
  return allowed;
}

export function parseQuery(query: Record<string, unknown>, spec: QuerySpec): ParsedQuery {
  const result: ParsedQuery = {
    filters: [],
    embed: new Set(),
    sort: [],
    limit: spec.defaultLimit ?? 100,
    offset: 0,
    ondate: null,
    seller: null,
    params: {},
    meta: {},
  };
  const maxLimit = spec.maxLimit ?? 1000;
  const embeds = allowedEmbeds(spec);
  const problems: AppError[] = [];

  for (const [key, rawValue] of Object.entries(query)) {
    if (rawValue === undefined) continue;
    const raw = single(rawValue);
    try {
      if (spec.params && key in spec.params) {
        result.params[key] = parseScalar(key, spec.params[key], raw);
      } else if (key === '_seller') {
        result.seller = raw;
      } else if (key === '_embed') {
        for (const path of raw.split(',').map((p) => p.trim()).filter(Boolean)) {
          if (!embeds.has(path)) {
            throw new AppError(400, 'unknown_embed', `Unknown embed "${path}". Allowed: ${[...embeds].join(', ') || 'none'}.`, 'query', { embed: path });
          }
          result.embed.add(path);
        }
      } else if (key === '_limit' || key === 'limit') {
        const n = parseScalar(key, 'number', raw) as number;
        if (!Number.isInteger(n) || n < 0 || n > maxLimit) throw invalid(key, `expected a whole number 0–${maxLimit}`);
        result.limit = n;
      } else if (key === '_offset') {
        const n = parseScalar(key, 'number', raw) as number;
        if (!Number.isInteger(n) || n < 0) throw invalid(key, 'expected a whole number of 0 or more');
        result.offset = n;
      } else if (key === '_sort') {
        for (const part of raw.split(',').map((p) => p.trim()).filter(Boolean)) {
          const field = part.replace(/^[-+]/, '');
          if (!(spec.sorts ?? []).includes(field)) {
            throw new AppError(400, 'unknown_field', `Cannot sort by "${field}".`, 'query', { field });
          }
          result.sort.push({ field, direction: part.startsWith('-') ? 'desc' : 'asc' });
        }
      } else if (key === '_ondate') {
        result.ondate = parseScalar(key, 'date', raw) as string;
      } else if (COMMON.has(key)) {
        // '_' cache-buster: ignored
      } else if (spec.metaFilters && key.startsWith('meta.') && key.length > 5) {
        result.meta[key.slice(5)] = raw;
      } else {
        result.filters.push(parseFilter(key, raw, spec));
      }
    } catch (error) {
      if (error instanceof AppError) problems.push(error);
      else throw error;
    }
  }
  if (problems.length) {
    const first = problems[0];
    throw new AppError(400, first.code, problems.map((p) => p.description).join(' '), 'query', problems.map((p) => p.extra));
  }
  return result;
}

function parseFilter(key: string, raw: string, spec: QuerySpec): Filter {
  // s: a key may hold a line break; with every part optional, the pattern matches any key.
  const match = mustExist(/^(.*?)(\._(in|gte|gt|lte|lt))?$/s.exec(key), `a filter key's parts`);
  const field = match[1];
  const op: Operator = match[3] ? OPERATORS[`_${match[3]}`] : 'eq';
  const kind = spec.filters?.[field];
  if (!kind || field.startsWith('_')) {
    const known = Object.keys(spec.filters ?? {});
    throw new AppError(400, 'unknown_field', `Unknown filter "${key}".${known.length ? ` Filterable: ${known.join(', ')}.` : ''}`, 'query', { field: key });
  }
  if (op === 'in') {
    const values = raw.split(',').map((v) => v.trim()).filter(Boolean);
    if (!values.length) throw invalid(key, 'expected a comma-separated list');
    return { field, op, value: values.map((v) => parseScalar(key, kind, v)) };
  }
  return { field, op, value: parseScalar(key, kind, raw) };
}

/** Whether a plain value satisfies one filter (for fields computed in memory). */
export function matchesFilter(actual: unknown, filter: Filter): boolean {
  const v = filter.value;
  switch (filter.op) {
    case 'eq':
      return actual === v;
    case 'in':
      return (v as Scalar[]).includes(actual as Scalar);
    case 'gte':
      return (actual as Scalar) >= (v as Scalar);
    case 'gt':
      return (actual as Scalar) > (v as Scalar);
    case 'lte':
      return (actual as Scalar) <= (v as Scalar);
    case 'lt':
      return (actual as Scalar) < (v as Scalar);
  }
}

export function applyFilters<T extends Record<string, unknown>>(rows: T[], filters: Filter[]): T[] {
  return filters.length ? rows.filter((row) => filters.every((f) => matchesFilter(row[f.field], f))) : rows;
}

export function applySort<T extends Record<string, unknown>>(rows: T[], sort: Sort[]): T[] {
  if (!sort.length) return rows;
  return [...rows].sort((a, b) => {
    for (const s of sort) {
      const x = a[s.field] as Scalar | null | undefined, y = b[s.field] as Scalar | null | undefined;
      if (x === y) continue;
      if (x === null || x === undefined) return 1;
      if (y === null || y === undefined) return -1;
      const order = x < y ? -1 : 1;
      return s.direction === 'asc' ? order : -order;
    }
    return 0;
  });
}
