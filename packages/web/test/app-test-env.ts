import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { api } from '../src/api/client.js';
import { queryClient } from '../src/api/query-client.js';

/**
 * Each test of the file or block it is called in: a fixed clock (Sat Nov 21, 2026, 10:00 in New
 * York), a fresh query cache and storage, no seller, no theme sizes left on <html> by a seller's
 * offsets; logged out and unmounted after.
 */
export function useAppTestEnv() {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T15:00:00Z'));
    vi.stubGlobal('scrollTo', () => {});
    queryClient.clear();
    localStorage.clear();
    sessionStorage.clear();
    api.setSellerId(null);
    document.documentElement.removeAttribute('style');
  });
  afterEach(() => {
    cleanup();
    document.body.innerHTML = '';
    document.cookie = 'session_expires=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
