import { EMAIL_MAX, NAME_MAX } from '../auth-limits.js';
import { isEmail } from './email.js';
import { COUNTRIES, regionsOf } from './regions.js';

/**
 * The configurable "your information" form (docs/checkout.md#your-information Identity/user, docs/checkout.md#your-information). Its fields come
 * from configuration (web.identity_form) and the cart's group and event meta (identity_form,
 * extra_checkout_fields); payment methods that need the address add its fields. The browser shows
 * and checks them; the server checks the same answers again with this code (never trusting them).
 */

export const IDENTITY_FIELD_TYPES = ['text', 'email', 'tel', 'textarea', 'select', 'checkbox', 'country', 'state', 'zip'] as const;
export type IdentityFieldType = (typeof IDENTITY_FIELD_TYPES)[number];

export interface IdentityField {
  key: string;
  type: IdentityFieldType;
  /** The seller's label; standard fields have their own when none is given. */
  label: string | null;
  required: boolean;
  /** Shown greyed out, neither checked nor sent. */
  disabled: boolean;
  /** Shown, sent and checked, but not editable (its value comes from `value`). */
  readOnly: boolean;
  /** The preset value (a read-only field's only value). */
  value: string | boolean | null;
  options: { value: string; label: string }[] | null;
  /** The key of a field this one must equal (a confirmation field). */
  mustEqual: string | null;
  /** mustEqual compares without case (e-mail confirmation, docs/accounts.md#field-rules). */
  caseInsensitive: boolean;
}

export type IdentityAnswers = Record<string, string | boolean>;

/** The identity's own fields (docs/accounts.md#members); any other key is a custom field, kept on the identity's meta. */
export const STANDARD_IDENTITY_KEYS = ['first_name', 'last_name', 'email', 'phone', 'address', 'address_more', 'city', 'state', 'region', 'zip_code', 'country'] as const;
/** docs/accounts.md#field-rules: custom identity fields hold at most 1000 characters. */
export const CUSTOM_FIELD_MAX = 1000;
export const PHONE_MAX = 50;
export const ZIP_MIN = 4;
export const ZIP_MAX = 10;
/** Alphanumeric with single spaces or dashes between (docs/accounts.md#field-rules). */
const ZIP = /^[A-Za-z0-9]+(?:[ -][A-Za-z0-9]+)*$/;
const PHONE = /^\+?[0-9 ().-]+$/;
const KEY = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
/** More than this many fields is a configuration mistake, not a form. */
const MAX_FIELDS = 40;

const STANDARD_TYPES: Record<string, IdentityFieldType> = { email: 'email', phone: 'tel', country: 'country', state: 'state', region: 'state', zip_code: 'zip' };
/** The address a payment method may need (docs/payments.md#redirect-methods-afterpay--clearpay-and-bacs-direct-debit: bacs_debit, afterpay_clearpay). */
export const ADDRESS_FIELD_KEYS = ['address', 'city', 'zip_code', 'country', 'state'] as const;
export const ADDRESS_METHODS: readonly string[] = ['bacs_debit', 'afterpay_clearpay'];

const field = (key: string, over: Partial<IdentityField> = {}): IdentityField => ({
  key,
  type: STANDARD_TYPES[key] ?? 'text',
  label: null,
  required: false,
  disabled: false,
  readOnly: false,
  value: null,
  options: null,
  mustEqual: null,
  caseInsensitive: false,
  ...over,
});

/**
 * docs/accounts.md#members: the form defaults to first name, last name and e-mail (required); the storefront also
 * asks, optionally, for phone, country, state / province and ZIP. A seller's field with the same key
 * changes one (e.g. `{ "key": "phone", "required": true }`).
 */
export const DEFAULT_IDENTITY_FIELDS: readonly IdentityField[] = [
  field('first_name', { required: true }),
  field('last_name', { required: true }),
  field('email', { required: true }),
  field('phone'),
  field('country'),
  field('state'),
  field('zip_code'),
];

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
const flag = (v: unknown) => v === true || v === 'true' || v === 1;

function parseOptions(raw: unknown): IdentityField['options'] {
  if (!Array.isArray(raw)) return null;
  const options = raw
    .map((o) => (typeof o === 'string' || typeof o === 'number' ? { value: String(o), label: String(o) } : o && typeof o === 'object' ? { value: text((o as { value?: unknown }).value) ?? '', label: text((o as { label?: unknown }).label) ?? text((o as { value?: unknown }).value) ?? '' } : null))
    .filter((o): o is { value: string; label: string } => !!o && o.value !== '');
  return options.length ? options : null;
}

/** One configured field, or null when it has no usable key. Unknown types are text. */
function parseField(raw: unknown): IdentityField | null {
  if (typeof raw === 'string') return KEY.test(raw) ? field(raw) : null;
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const key = text(r.key) ?? text(r.name);
  if (!key || !KEY.test(key)) return null;
  const type = (IDENTITY_FIELD_TYPES as readonly string[]).includes(r.type as string) ? (r.type as IdentityFieldType) : (STANDARD_TYPES[key] ?? 'text');
  const value = typeof r.value === 'boolean' ? r.value : text(r.value);
  return field(key, {
    type,
    label: text(r.label),
    required: flag(r.required),
    disabled: flag(r.disabled),
    readOnly: flag(r.readOnly) || flag(r.read_only),
    value,
    options: parseOptions(r.options),
    mustEqual: text(r.mustEqual) ?? text(r.must_equal),
    caseInsensitive: flag(r.caseInsensitive) || flag(r.case_insensitive) || (r.caseInsensitive === undefined && type === 'email'),
  });
}

/** A configured list (an array of fields or keys; `{ fields: [...] }` too); malformed entries are left out. */
export function parseIdentityFields(raw: unknown): IdentityField[] {
  const list = Array.isArray(raw) ? raw : raw && typeof raw === 'object' && Array.isArray((raw as { fields?: unknown }).fields) ? (raw as { fields: unknown[] }).fields : [];
  return list.map(parseField).filter((f): f is IdentityField => f !== null);
}

/**
 * The form: the defaults, then each source's fields. A key named again takes the later settings, but
 * stays required once any source requires it (the stricter wins).
 */
export function identityForm(...sources: unknown[]): IdentityField[] {
  const form: IdentityField[] = DEFAULT_IDENTITY_FIELDS.map((f) => ({ ...f }));
  for (const source of sources) {
    for (const f of parseIdentityFields(source)) {
      const at = form.findIndex((x) => x.key === f.key);
      if (at < 0) form.push(f);
      else form[at] = { ...f, required: f.required || form[at].required };
    }
  }
  return ordered(form).slice(0, MAX_FIELDS);
}

/** The identity's own fields in their usual order (an address reads street, city, country, state, ZIP); custom fields after, as configured. */
function ordered(form: IdentityField[]): IdentityField[] {
  const rank = (key: string) => {
    const at = FIELD_ORDER.indexOf(key);
    return at < 0 ? FIELD_ORDER.length : at;
  };
  return form
    .map((f, i) => ({ f, i }))
    .sort((a, b) => rank(a.f.key) - rank(b.f.key) || a.i - b.i)
    .map(({ f }) => f);
}

const FIELD_ORDER = ['first_name', 'last_name', 'email', 'phone', 'address', 'address_more', 'city', 'country', 'state', 'region', 'zip_code'];

/** docs/accounts.md#field-rules: a payment method that needs the address adds its fields, required. */
export function withAddressFields(form: readonly IdentityField[]): IdentityField[] {
  const out = form.map((f) => ((ADDRESS_FIELD_KEYS as readonly string[]).includes(f.key) ? { ...f, required: true, disabled: false } : f));
  for (const key of ADDRESS_FIELD_KEYS) if (!out.some((f) => f.key === key)) out.push(field(key, { required: true }));
  return ordered(out);
}

/** Only the address a payment method needs, required: all a buyer whose details are already known (a member, an order's buyer) fills in (docs/accounts.md#field-rules). */
export function addressFieldsOf(form: readonly IdentityField[]): IdentityField[] {
  return withAddressFields(form).filter((f) => (ADDRESS_FIELD_KEYS as readonly string[]).includes(f.key));
}

export type IdentityFieldProblem =
  | { code: 'required' | 'invalid' | 'not_option' }
  | { code: 'too_long' | 'too_short'; limit: number }
  | { code: 'must_equal'; other: string };

/** The longest text a field may hold: names 50, e-mail 254, phone 50, zip 10, anything else 1000. */
export function fieldMax(f: Pick<IdentityField, 'key' | 'type'>): number {
  if (f.key === 'first_name' || f.key === 'last_name') return NAME_MAX;
  if (f.type === 'email') return EMAIL_MAX;
  if (f.type === 'tel') return PHONE_MAX;
  if (f.type === 'zip') return ZIP_MAX;
  return CUSTOM_FIELD_MAX;
}

/** The regions of the country answered (none when no country is): a key never answered reads undefined, whatever the record type says. */
function chosenCountryRegions(answers: Partial<IdentityAnswers>): { code: string; name: string }[] {
  return regionsOf(String(answers.country ?? ''));
}

/** The choices of a select-like field; null when any text is allowed. */
export function fieldOptions(f: IdentityField, answers: IdentityAnswers): { value: string; label: string }[] | null {
  if (f.type === 'country') return f.options ?? COUNTRIES.map((c) => ({ value: c.code, label: c.name }));
  if (f.type === 'state') return chosenCountryRegions(answers).map((r) => ({ value: r.code, label: r.name }));
  return f.options;
}

/** The state / province field applies only where the chosen country has them (docs/checkout.md#your-information). */
export function fieldApplies(f: IdentityField, answers: IdentityAnswers): boolean {
  if (f.disabled) return false;
  if (f.type === 'state') return chosenCountryRegions(answers).length > 0;
  return true;
}

function checkField(f: IdentityField, raw: string | boolean | undefined, answers: IdentityAnswers): IdentityFieldProblem | null {
  if (f.type === 'checkbox') {
    if (raw !== undefined && typeof raw !== 'boolean') return { code: 'invalid' };
    return f.required && raw !== true ? { code: 'required' } : null;
  }
  if (typeof raw === 'boolean') return { code: 'invalid' };
  const value = (raw ?? '').trim();
  if (!value) return f.required ? { code: 'required' } : null;
  const max = fieldMax(f);
  if (f.type === 'zip' && value.length < ZIP_MIN) return { code: 'too_short', limit: ZIP_MIN };
  if (value.length > max) return { code: 'too_long', limit: max };
  if (f.type === 'email' && !isEmail(value)) return { code: 'invalid' };
  if (f.type === 'tel' && !PHONE.test(value)) return { code: 'invalid' };
  if (f.type === 'zip' && !ZIP.test(value)) return { code: 'invalid' };
  const options = fieldOptions(f, answers);
  if (options && !options.some((o) => o.value === value)) return { code: 'not_option' };
  if (f.mustEqual) {
    const other = String(answers[f.mustEqual] ?? '').trim();
    const same = f.caseInsensitive ? other.toLowerCase() === value.toLowerCase() : other === value;
    if (!same) return { code: 'must_equal', other: f.mustEqual };
  }
  return null;
}

/** Every problem of the answers, by field key; empty when the form may be sent. */
export function checkIdentityForm(form: readonly IdentityField[], answers: IdentityAnswers): Record<string, IdentityFieldProblem> {
  const problems: Record<string, IdentityFieldProblem> = {};
  for (const f of form) {
    if (!fieldApplies(f, answers)) continue;
    const raw = f.readOnly && f.value !== null ? f.value : answers[f.key];
    const problem = checkField(f, raw, answers);
    if (problem) problems[f.key] = problem;
  }
  return problems;
}

/** What is sent and kept: the form's fields that apply, trimmed; read-only ones keep their preset value; empty text is left out. */
export function identityAnswersToKeep(form: readonly IdentityField[], answers: IdentityAnswers): IdentityAnswers {
  const kept: IdentityAnswers = {};
  for (const f of form) {
    if (!fieldApplies(f, answers)) continue;
    const raw = f.readOnly && f.value !== null ? f.value : answers[f.key];
    if (typeof raw === 'boolean') kept[f.key] = raw;
    else if (typeof raw === 'string' && raw.trim()) kept[f.key] = raw.trim();
  }
  return kept;
}

/** A custom field (not one of the identity's own), kept on the identity's meta. */
export const isCustomIdentityKey = (key: string) => !(STANDARD_IDENTITY_KEYS as readonly string[]).includes(key);
