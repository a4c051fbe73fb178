import { describe, expect, it } from 'vitest';
import { announcementDue, countdownLevel, formatCountdown, localExpiry, secondsLeft } from '../src/shared/cart/countdown.js';

describe('cart countdown (docs/cart.md#holds-and-expiry, docs/cart.md#limits)', () => {
  it('the local expiry is expires_in minus 5 seconds after the response; none without a hold', () => {
    expect(localExpiry(1800, 1_000_000)).toBe(1_000_000 + 1795 * 1000);
    expect(localExpiry(null, 1_000_000)).toBeNull();
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 20_000)).toBe(0);
  });

  it('formats m:ss', () => {
    expect(formatCountdown(1199)).toBe('19:59');
    expect(formatCountdown(305)).toBe('5:05');
    expect(formatCountdown(59)).toBe('0:59');
    expect(formatCountdown(0)).toBe('0:00');
  });

  it('shows only under 20 minutes; warning under 5, error under 2', () => {
    expect(countdownLevel(1800)).toBe('hidden');
    expect(countdownLevel(1200)).toBe('hidden');
    expect(countdownLevel(1199)).toBe('normal');
    expect(countdownLevel(300)).toBe('normal');
    expect(countdownLevel(299)).toBe('warning');
    expect(countdownLevel(120)).toBe('warning');
    expect(countdownLevel(119)).toBe('error');
    expect(countdownLevel(0)).toBe('error');
  });

  it('announces when it reaches 5 and 2 minutes, once each, and never on the first reading', () => {
    expect(announcementDue(301, 300)).toBe(5);
    expect(announcementDue(300, 299)).toBeNull();
    expect(announcementDue(121, 120)).toBe(2);
    expect(announcementDue(500, 400)).toBeNull();
    expect(announcementDue(null, 300)).toBeNull();
    // A tab that slept past both marks says the latest.
    expect(announcementDue(400, 100)).toBe(2);
  });
});
