import { queryOptions } from '@tanstack/react-query';
import type { TLogin, TLoginAnswer, TRegister, TUser } from '@foyer/contracts';
import { api } from '../../api/client.js';

/** The account calls of 000 §7 and 001 §7 (answers documented in docs/accounts.md). */

export type TUserDocument = Omit<TLoginAnswer, 'session' | 'cart_id' | 'redirectPath'> & {
  session?: { expires_at: string } | null;
  membership?: { _count: number; _total: number; _data: TMembershipSummary[] };
};

/** A membership as the login answer and GET my/user carry it (000 §4: login stores membership and identity). */
export interface TMembershipSummary {
  id: string;
  scan_code: string | null;
  valid_from: string | null;
  valid_to: string | null;
  state: string;
}

export const USER_EMBED = ['identity', 'identity.meta'] as const;
export const userQueryKey = ['user', 'detail', 'me'] as const;

export function userQuery(enabled: boolean) {
  return queryOptions({
    queryKey: userQueryKey,
    queryFn: ({ signal }) => api.get<TUserDocument>('my/user', { embed: USER_EMBED, signal }),
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export const userOf = (doc: TUserDocument | null | undefined): TUser | null => doc?.user?._data[0] ?? null;

export function logIn(body: TLogin): Promise<TLoginAnswer & Pick<TUserDocument, 'membership'>> {
  return api.post('login', body, { embed: USER_EMBED });
}

export function requestOtp(email: string): Promise<{ token: string }> {
  return api.post('login/request_otp', { email });
}

export function logOut(): Promise<unknown> {
  return api.post('logout', {});
}

export function register(body: TRegister): Promise<TUserDocument> {
  return api.post('user', body, { embed: USER_EMBED });
}

export function updateMe(body: { email?: string }): Promise<TUserDocument> {
  return api.request('my/user', { method: 'PUT', body, embed: USER_EMBED });
}

export function requestPasswordReset(email: string): Promise<unknown> {
  return api.post('password_reset/request', { email });
}

export function validateResetToken(token: string): Promise<{ email: string }> {
  return api.post('password_reset/validate', { token });
}

export function resetPassword(token: string, password: string): Promise<{ email: string }> {
  return api.post('password_reset/reset', { token, password });
}

export function forgotMembership(email: string): Promise<unknown> {
  return api.post('forgot_membership', { email });
}

/** External identity providers the server has configured (OpenID Connect). */
export interface TLoginProvider {
  id: string;
  label: string;
}

export const providersQuery = () =>
  queryOptions({
    queryKey: ['login_provider', 'list'] as const,
    queryFn: ({ signal }) => api.get<{ login_provider: { _data: TLoginProvider[] } }>('login/providers', { signal }),
    staleTime: 10 * 60_000,
  });

export function startExternalLogin(redirectPath: string | null): Promise<{ url: string }> {
  return api.post('auth0/start', { redirectPath: redirectPath ?? undefined });
}

export function finishExternalLogin(body: { code: string; state: string; cart_id?: string }): Promise<TLoginAnswer> {
  return api.post('auth0/callback', body, { embed: USER_EMBED });
}
