import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/client.js';
import { initialOtpState, isCompleteOtp, normalizeOtp, otpReducer, type OtpState } from '../src/features/account/otp.js';

const incorrect = (remaining: number) =>
  new ApiError({ status: 401, code: 'otp_incorrect', description: 'The passcode you entered is invalid.', extra: { remaining_attempts: remaining } });
const refusal = (code: string, description: string) => new ApiError({ status: 401, code, description });

function run(...errors: unknown[]): OtpState {
  return errors.reduce<OtpState>((state, error) => otpReducer(otpReducer(state, { type: 'submit' }), { type: 'failed', error }), initialOtpState);
}

describe('passcode input rules (docs/accounts.md#web-screens, docs/accounts.md#field-rules)', () => {
  it('takes a code without spaces, 6 characters at most, and calls 6 characters complete', () => {
    expect(normalizeOtp(' 12 34 56 ')).toBe('123456');
    expect(normalizeOtp('1234567')).toBe('123456');
    expect(isCompleteOtp('12345')).toBe(false);
    expect(isCompleteOtp('123 456')).toBe(true);
  });

  it('a wrong code counts an attempt and says how many are left', () => {
    const state = run(incorrect(2));
    expect(state).toMatchObject({ attempts: 1, locked: false, submitting: false });
    expect(state.error).toBe('The passcode you entered is invalid. You have 2 attempts left.');
    expect(run(incorrect(2), incorrect(1)).error).toBe('The passcode you entered is invalid. You have 1 attempt left.');
  });

  it('locks after 3 wrong codes and asks for a new login link', () => {
    const state = run(incorrect(2), incorrect(1), incorrect(0));
    expect(state.locked).toBe(true);
    expect(state.error).toBe('The passcode you entered is invalid. Please request a new login link.');
    // A locked input takes no more submits.
    expect(otpReducer(state, { type: 'submit' }).submitting).toBe(false);
  });

  it('locks after 3 attempts even when the server does not say how many are left', () => {
    const bare = new ApiError({ status: 401, code: 'otp_incorrect', description: 'The passcode you entered is invalid.' });
    expect(run(bare, bare).locked).toBe(false);
    expect(run(bare, bare, bare).locked).toBe(true);
  });

  it.each([
    ['not_authorized', 'This passcode can no longer be used. Please request a new login link.'],
    ['otp_token_expired', 'This passcode has expired. Please request a new login link.'],
  ])('locks at once on %s with the server message', (code, description) => {
    const state = run(refusal(code, description));
    expect(state.locked).toBe(true);
    expect(state.error).toBe(description);
  });

  it('locks on any other error too, adding the new-link request', () => {
    const state = run(refusal('rate_limited', 'Too many attempts. Please wait a few minutes and try again.'));
    expect(state.locked).toBe(true);
    expect(state.error).toBe('Too many attempts. Please wait a few minutes and try again. Please request a new login link.');
  });

  it('not_available_yet waits (to retry) without counting an attempt; a new code starts again', () => {
    const waiting = run(refusal('not_available_yet', 'Your passcode is on its way.'));
    expect(waiting).toMatchObject({ waiting: true, attempts: 0, locked: false, error: null });
    const locked = run(incorrect(2), incorrect(1), incorrect(0));
    expect(otpReducer(locked, { type: 'reset' })).toEqual(initialOtpState);
  });
});
