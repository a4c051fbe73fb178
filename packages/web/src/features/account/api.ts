import { queryOptions } from '@tanstack/react-query';
import type { TLogin, TLoginAnswer, TLoginProviders, TLogoutAnswer, TRecoveryRequested, TRegister, TRegisterAnswer, TRequestOtpAnswer, TResendAnswer, TResetValidated, TUpdateMe, TUser, TUserDocument } from '@foyer/contracts';
import { api } from '../../api/client.js';

/** The account calls of docs/accounts.md#calls (answers documented in docs/accounts.md). */

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

export const userOf = (doc: TUserDocument | null | undefined): TUser | null => doc?.user._data.at(0) ?? null;

export function logIn(body: TLogin): Promise<TLoginAnswer> {
  return api.post('login', body, { embed: USER_EMBED });
}

export function requestOtp(email: string): Promise<TRequestOtpAnswer> {
  return api.post('login/request_otp', { email });
}

export function logOut(): Promise<TLogoutAnswer> {
  return api.post('logout', {});
}

export function register(body: TRegister): Promise<TRegisterAnswer> {
  return api.post('user', body, { embed: USER_EMBED });
}

/** PUT my/user: the e-mail (set-email page) or the profile's contact details (My profile). */
export function updateMe(body: Omit<TUpdateMe, 'password' | 'current_password'>): Promise<TUserDocument> {
  return api.request('my/user', { method: 'PUT', body, embed: USER_EMBED });
}

export function requestPasswordReset(email: string): Promise<TRecoveryRequested> {
  return api.post('password_reset/request', { email });
}

export function validateResetToken(token: string): Promise<TResetValidated> {
  return api.post('password_reset/validate', { token });
}

export function resetPassword(token: string, password: string): Promise<TResetValidated> {
  return api.post('password_reset/reset', { token, password });
}

export function forgotMembership(email: string): Promise<TRecoveryRequested> {
  return api.post('forgot_membership', { email });
}

/** POST ticket_order/resend (docs/after-sale.md#resending-tickets): every order of the address, to that address. */
export function resendOrders(email: string): Promise<TResendAnswer> {
  return api.post('ticket_order/resend', { email });
}

export const providersQuery = () =>
  queryOptions({
    queryKey: ['login_provider', 'list'] as const,
    queryFn: ({ signal }) => api.get<TLoginProviders>('login/providers', { signal }),
    staleTime: 10 * 60_000,
  });

export function startExternalLogin(redirectPath: string | null): Promise<{ url: string }> {
  return api.post('auth0/start', { redirectPath: redirectPath ?? undefined });
}

export function finishExternalLogin(body: { code: string; state: string; cart_id?: string }): Promise<TLoginAnswer> {
  return api.post('auth0/callback', body, { embed: USER_EMBED });
}
