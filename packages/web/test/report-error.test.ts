import { beforeEach, describe, expect, it } from 'vitest';
import { api } from '../src/api/client.js';
import { installErrorReporting, isExpectedApiError, resetErrorReports } from '../src/lib/report-error.js';
import { installFetch } from './fixtures.js';

/** Error reporting (docs/api.md#errors): unexpected errors go to POST /api/client_error; the expected ones the spec lists do not. */

const reports = (calls: { url: URL; body?: unknown }[]) => calls.filter((c) => c.url.pathname === '/api/client_error').map((c) => c.body as Record<string, unknown>);
const failing = (status: number) =>
  installFetch((url) => (url.pathname === '/api/client_error' ? { body: { received: true } } : { status, body: { _data: [{ _code: status >= 500 ? 'internal_error' : 'x', _context: null, _description: 'no', _extra: null }] } }));

describe('error reporting', () => {
  beforeEach(() => resetErrorReports());

  it('knows the expected answers of docs/api.md#errors', () => {
    for (const status of [402, 404, 409, 410, 422]) expect(isExpectedApiError('POST', '/api/cart/c/pay', status)).toBe(true);
    expect(isExpectedApiError('GET', '/api/events/e', 404)).toBe(true);
    expect(isExpectedApiError('GET', '/cached_api/events/e', 404)).toBe(true);
    expect(isExpectedApiError('POST', '/api/login', 401)).toBe(true);
    expect(isExpectedApiError('POST', '/api/user', 401)).toBe(true);
    expect(isExpectedApiError('POST', '/api/my/cart/modify', 500)).toBe(false);
    expect(isExpectedApiError('GET', '/api/events/e', 500)).toBe(false);
    expect(isExpectedApiError('POST', '/api/my/cart/modify', 400)).toBe(false);
    // docs/memberships.md#7-gifts-of-membership: rule_blocks_reserve (a code-required group, a redeem's checkout rules) is expected.
    expect(isExpectedApiError('POST', '/api/my/cart/modify', 400, 'rule_blocks_reserve')).toBe(true);
    expect(isExpectedApiError('POST', '/api/my/cart/modify', 400, 'validation_failed')).toBe(false);
    expect(isExpectedApiError('POST', '/api/ticket_order/o/cancel', 401)).toBe(false);
  });

  it('an API answer nobody expects is reported with the call, status, code and request id; the page path without its query', async () => {
    window.history.replaceState(null, '', '/manage/o-1?key=secret');
    const { calls } = failing(500);
    await expect(api.post('my/cart/modify', { add: [] })).rejects.toMatchObject({ status: 500 });
    await expect.poll(() => reports(calls)).toHaveLength(1);
    expect(reports(calls)[0]).toMatchObject({ source: 'api', method: 'POST', path: '/api/my/cart/modify', status: 500, code: 'internal_error', page: '/manage/o-1' });
    expect(JSON.stringify(reports(calls)[0])).not.toContain('secret');
  });

  it('expected answers are not reported', async () => {
    const { calls } = failing(409);
    await expect(api.post('my/cart/modify', { add: [] })).rejects.toMatchObject({ status: 409 });
    const notFound = failing(404);
    await expect(api.get('events/nope')).rejects.toMatchObject({ status: 404 });
    expect(reports(calls)).toEqual([]);
    expect(reports(notFound.calls)).toEqual([]);
  });

  it('script errors and unhandled rejections are reported, each message once per page load', async () => {
    const { calls } = installFetch(() => ({ body: { received: true } }));
    const target = new EventTarget() as unknown as Window;
    installErrorReporting(target);
    const boom = new Error('x is not a function');
    target.dispatchEvent(Object.assign(new Event('error'), { message: boom.message, error: boom }));
    target.dispatchEvent(Object.assign(new Event('error'), { message: boom.message, error: boom }));
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('lost promise') }));
    await expect.poll(() => reports(calls).map((r) => [r.source, r.message])).toEqual([
      ['window_error', 'x is not a function'],
      ['unhandled_rejection', 'lost promise'],
    ]);
  });
});
