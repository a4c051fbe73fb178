import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { OTP_HINT_MS } from '../src/features/account/otp.js';
import { OtpStep } from '../src/features/account/otp-step.js';

/** docs/accounts.md#web-screens: after 30 seconds without a submit, a hint says the code may not have arrived. */

const HINT = 'No code yet? It may take a minute to arrive. Check your spam folder, or send a new code.';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

it('shows the no-code hint after 30 seconds without a submit, not before', () => {
  expect(OTP_HINT_MS).toBe(30_000);
  render(<OtpStep email="ann@example.com" token="tok-1" redirectPath="/" onToken={() => {}} onBack={() => {}} onLoggedIn={() => {}} />);
  act(() => {
    vi.advanceTimersByTime(OTP_HINT_MS - 100);
  });
  expect(screen.queryByText(HINT)).toBeNull();
  act(() => {
    vi.advanceTimersByTime(200);
  });
  expect(screen.getByText(HINT).getAttribute('role')).toBe('status');
});
