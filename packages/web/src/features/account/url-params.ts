import { LOGIN_METHODS } from '@foyer/contracts/constants';
import type { TLogin } from '@foyer/contracts';

/**
 * The login parameters of the address (docs/routes.md#guards navigation guards): `member_code` / `zip_code` and
 * `login.<field>` log in by themselves; `login` (a flag) opens the login modal; `otp` carries the
 * passcode of an e-mailed link. Each is read once, then removed from the address.
 */

/** Fields of the login body that `login.<field>` may set (never a password in an address). */
const LOGIN_FIELDS = ['scan_code', 'zip_code', 'last_name', 'username', 'method'] as const;
type LoginField = (typeof LOGIN_FIELDS)[number];

export interface AutoLogin {
  /** The login call to make (member id logins); null when the address asks for none. */
  body: Pick<TLogin, LoginField> | null;
  /** The address's query without the login parameters. */
  search: string;
}

const isAutoLoginKey = (key: string) => key === 'member_code' || key === 'zip_code' || key.startsWith('login.');

export function readAutoLogin(search: string): AutoLogin {
  const params = new URLSearchParams(search);
  const keys = [...params.keys()].filter(isAutoLoginKey);
  if (!keys.length) return { body: null, search };
  const body: Partial<Record<LoginField, string>> = {};
  const memberCode = params.get('member_code')?.trim();
  const zip = params.get('zip_code')?.trim();
  if (memberCode) body.scan_code = memberCode;
  if (zip) body.zip_code = zip;
  for (const [key, value] of params) {
    if (!key.startsWith('login.')) continue;
    const field = key.slice('login.'.length) as LoginField;
    if ((LOGIN_FIELDS as readonly string[]).includes(field) && value.trim()) body[field] = value.trim();
  }
  for (const key of new Set(keys)) params.delete(key);
  const method = body.method && (LOGIN_METHODS as readonly string[]).includes(body.method) ? (body.method as TLogin['method']) : undefined;
  const usable = Boolean(body.scan_code && (body.zip_code || body.last_name));
  return { body: usable ? { ...body, method: method ?? (body.zip_code ? 'scan_code' : 'scan_code_last_name') } : null, search: toSearch(params) };
}

/** The `login` flag (any value but an explicit false) asks for the login modal. */
export function readLoginFlag(search: string): { open: boolean; search: string } {
  const params = new URLSearchParams(search);
  if (!params.has('login')) return { open: false, search };
  const value = (params.get('login') ?? '').trim().toLowerCase();
  params.delete('login');
  return { open: !['0', 'false', 'f', 'no', 'n', 'off'].includes(value), search: toSearch(params) };
}

/** The `otp` parameter of an e-mailed login link. */
export function readOtpParam(search: string): { otp: string | null; search: string } {
  const params = new URLSearchParams(search);
  const otp = params.get('otp')?.trim() || null;
  if (!params.has('otp')) return { otp: null, search };
  params.delete('otp');
  return { otp, search: toSearch(params) };
}

function toSearch(params: URLSearchParams): string {
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The query without any login parameter: where a login started from this address returns to. */
export function withoutLoginParams(search: string): string {
  return readAutoLogin(readLoginFlag(readOtpParam(search).search).search).search;
}
