import { AppError } from '../http/app-error.js';

/**
 * Survey answers against a group's additional_info_spec (a small JSON-Schema subset, see
 * docs/catalog.md): required answers present, numbers converted, empty answers dropped,
 * choices from their list, lengths and ranges kept.
 */
interface FieldSpec {
  type?: string;
  title?: string;
  enum?: unknown[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}
interface SurveySpec {
  properties?: Record<string, FieldSpec>;
  required?: string[];
}

function fail(field: string, message: string): never {
  throw new AppError(400, 'additional_info_validation_failed', message, 'additional_info', { field });
}

export function validateSurvey(spec: unknown, data: Record<string, unknown>): Record<string, unknown> {
  const s = (spec ?? {}) as SurveySpec;
  const fields = s.properties ?? {};
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(data)) if (!(key in fields)) fail(key, `Unknown question "${key}".`);
  for (const [key, field] of Object.entries(fields)) {
    const label = field.title ?? key;
    let value = data[key];
    if (value === '' || value === null || value === undefined || (Array.isArray(value) && !value.length)) {
      if (s.required?.includes(key)) fail(key, `${label} is required.`);
      continue;
    }
    if (!field.type) fail(key, `${label} has no answer type.`);
    if (field.type === 'number' || field.type === 'integer') {
      const n = typeof value === 'number' ? value : Number(String(value).trim());
      if (!Number.isFinite(n) || (field.type === 'integer' && !Number.isInteger(n))) fail(key, `${label} must be a number.`);
      if (field.minimum !== undefined && n < field.minimum) fail(key, `${label} must be at least ${field.minimum}.`);
      if (field.maximum !== undefined && n > field.maximum) fail(key, `${label} must be at most ${field.maximum}.`);
      value = n;
    } else if (field.type === 'boolean') {
      if (typeof value !== 'boolean') fail(key, `${label} must be yes or no.`);
    } else {
      if (typeof value !== 'string') fail(key, `${label} must be text.`);
      value = (value as string).trim();
      if (field.minLength !== undefined && (value as string).length < field.minLength) fail(key, `${label} is too short.`);
      if ((value as string).length > (field.maxLength ?? 1000)) fail(key, `${label} is too long.`);
    }
    if (field.enum && !field.enum.includes(value)) fail(key, `${label}: choose one of the options.`);
    out[key] = value;
  }
  return out;
}
