import { AUTH_METHODS_CONFIG, DEFAULT_LOGIN_METHODS, LOGIN_METHODS } from '@foyer/contracts/constants';
import type { TConfigEntry, TLoginMethod } from '@foyer/contracts';
import { asStringList, configValue } from '../../config/config.js';

/** The login methods the seller configured (auth.methods; 'none' or [] switch login off — docs/accounts.md#seller-configuration). */
export function loginMethods(entries: readonly TConfigEntry[]): TLoginMethod[] {
  const value = configValue(AUTH_METHODS_CONFIG, entries);
  if (value === undefined || value === null) return [...DEFAULT_LOGIN_METHODS];
  return asStringList(value).filter((m): m is TLoginMethod => (LOGIN_METHODS as readonly string[]).includes(m));
}

export const MEMBER_METHODS = ['scan_code', 'scan_code_password', 'scan_code_last_name'] as const;
export type MemberMethod = (typeof MEMBER_METHODS)[number];

export const memberMethodOf = (methods: readonly TLoginMethod[]): MemberMethod | null =>
  MEMBER_METHODS.find((m) => methods.includes(m)) ?? null;
