import { OTP_LENGTH, OTP_MAX_ATTEMPTS } from '@foyer/contracts/constants';
import { isApiError } from '../../api/client.js';
import { en, format } from '../../i18n/en.js';

/**
 * The passcode step's rules (docs/accounts.md): a full-length code submits by itself; the server's
 * `not_available_yet` retries after 5 s; `otp_incorrect` counts an attempt and says how many are
 * left; after 3 attempts, or on not_authorized, otp_token_expired or any other error, the input
 * locks until a new code is requested. A hint shows after 30 s without a submit.
 */
export const OTP_RETRY_MS = 5_000;
export const OTP_HINT_MS = 30_000;

export interface OtpState {
  attempts: number;
  locked: boolean;
  /** Waiting to retry after not_available_yet. */
  waiting: boolean;
  submitting: boolean;
  error: string | null;
}

export const initialOtpState: OtpState = { attempts: 0, locked: false, waiting: false, submitting: false, error: null };

export type OtpEvent =
  | { type: 'submit' }
  | { type: 'failed'; error: unknown }
  | { type: 'succeeded' }
  /** A new code was requested: everything starts again. */
  | { type: 'reset' };

/** What the user typed, as a code: no whitespace, at most 6 characters. */
export function normalizeOtp(input: string): string {
  return input.replace(/\s+/g, '').slice(0, OTP_LENGTH);
}

export function isCompleteOtp(code: string): boolean {
  return normalizeOtp(code).length === OTP_LENGTH;
}

export function remainingText(remaining: number): string {
  return remaining === 1 ? en.account.otpRemainingOne : format(en.account.otpRemaining, { n: remaining });
}

function remainingOf(error: unknown, attempts: number): number {
  const extra = isApiError(error) ? (error.extra as { remaining_attempts?: unknown } | null) : null;
  const fromServer = typeof extra?.remaining_attempts === 'number' ? extra.remaining_attempts : null;
  return Math.max(0, Math.min(fromServer ?? OTP_MAX_ATTEMPTS - attempts, OTP_MAX_ATTEMPTS - attempts));
}

export function otpReducer(state: OtpState, event: OtpEvent): OtpState {
  switch (event.type) {
    case 'reset':
      return initialOtpState;
    case 'submit':
      return state.locked ? state : { ...state, submitting: true, waiting: false };
    case 'succeeded':
      return { ...state, submitting: false, waiting: false, error: null };
    case 'failed': {
      const code = isApiError(event.error) ? event.error.code : null;
      if (code === 'not_available_yet') return { ...state, submitting: false, waiting: true, error: null };
      if (code === 'otp_incorrect') {
        const attempts = state.attempts + 1;
        const remaining = remainingOf(event.error, attempts);
        const locked = attempts >= OTP_MAX_ATTEMPTS || remaining <= 0;
        const error = `${en.account.otpInvalid} ${locked ? en.account.otpNewLink : remainingText(remaining)}`;
        return { attempts, locked, waiting: false, submitting: false, error };
      }
      // not_authorized, otp_token_expired and anything else: this code is finished.
      const description = isApiError(event.error) ? event.error.description : en.errors.unexpected;
      const error = description.includes(en.account.otpNewLink) ? description : `${description} ${en.account.otpNewLink}`;
      return { ...state, locked: true, waiting: false, submitting: false, error };
    }
  }
}
