import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, buildSearch, createApiClient, errorMessage, toApiError } from '../src/api/client.js';

/** A fake fetch at the network boundary: answers are consumed in order; calls are recorded. */
function fakeFetch(answers: (Response | Error | 'hang')[]) {
  const calls: { url: string; init?: RequestInit; at: number }[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, init, at: Date.now() });
    const next = answers.shift();
    if (next === undefined) throw new Error('unexpected call');
    if (next === 'hang') {
      return new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      });
    }
    if (next instanceof Error) throw next;
    return next;
  });
  return { fetch, calls };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (body: unknown = { event_template: { _count: 0, _total: 0, _data: [] } }) => json(200, body);

describe('api client retry', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('retries a GET on network errors waiting 250, 500, 1000 ms, then succeeds', async () => {
    const { fetch, calls } = fakeFetch([new TypeError('Failed to fetch'), new TypeError('Failed to fetch'), new TypeError('Failed to fetch'), ok()]);
    const client = createApiClient({ fetch });
    const result = client.get('events/available');
    await vi.runAllTimersAsync();
    await expect(result).resolves.toEqual({ event_template: { _count: 0, _total: 0, _data: [] } });
    expect(calls).toHaveLength(4);
    const start = calls[0].at;
    expect(calls.map((c) => c.at - start)).toEqual([0, 250, 750, 1750]);
  });

  it('gives up after 3 retries with a network ApiError and the fallback text', async () => {
    const { fetch, calls } = fakeFetch([new TypeError('x'), new TypeError('x'), new TypeError('x'), new TypeError('x'), ok()]);
    const client = createApiClient({ fetch });
    const result = client.get('events/available').catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    const error = await result;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect((error as ApiError).code).toBe('network_error');
    expect((error as ApiError).description).toBe('Sorry! Something unexpected happened. Please try again.');
    expect(calls).toHaveLength(4);
  });

  it('retries on a 502 but not on other 5xx or 4xx', async () => {
    const bad = () => new Response('bad gateway', { status: 502 });
    const first = fakeFetch([bad(), ok()]);
    const client = createApiClient({ fetch: first.fetch });
    const result = client.get('config');
    await vi.runAllTimersAsync();
    await expect(result).resolves.toBeTruthy();
    expect(first.calls).toHaveLength(2);

    const second = fakeFetch([json(500, { _data: [{ _code: 'internal_error', _context: null, _description: 'stack trace here', _extra: null }] })]);
    const result2 = createApiClient({ fetch: second.fetch }).get('config').catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    const error = (await result2) as ApiError;
    expect(second.calls).toHaveLength(1);
    expect(error.status).toBe(500);
    // 5xx descriptions never reach the user.
    expect(error.description).toBe('Sorry! Something unexpected happened. Please try again.');

    const third = fakeFetch([json(404, { _data: [{ _code: 'event_not_found', _context: 'event', _description: 'Event not found.', _extra: null }] })]);
    const result3 = createApiClient({ fetch: third.fetch }).get('events/x').catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(third.calls).toHaveLength(1);
    expect((await result3) as ApiError).toMatchObject({ status: 404, code: 'event_not_found' });
  });

  it('retries a timed-out GET', async () => {
    const { fetch, calls } = fakeFetch(['hang', ok()]);
    const client = createApiClient({ fetch, timeoutMs: 1000 });
    const result = client.get('config');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(250);
    expect(calls).toHaveLength(2);
    await expect(result).resolves.toBeTruthy();
  });

  it('reports a timeout after the last retry', async () => {
    const { fetch, calls } = fakeFetch(['hang', 'hang', 'hang', 'hang']);
    const client = createApiClient({ fetch, timeoutMs: 1000 });
    const result = client.get('config').catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(calls).toHaveLength(4);
    expect(((await result) as ApiError).code).toBe('timeout');
  });

  it('never retries a POST', async () => {
    const { fetch, calls } = fakeFetch([new TypeError('x'), ok()]);
    const client = createApiClient({ fetch });
    const result = client.post('my/cart/modify', { add: [] }).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(await result).toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(1);
  });

  it('does not retry when the caller aborts', async () => {
    const { fetch, calls } = fakeFetch(['hang', ok()]);
    const controller = new AbortController();
    const result = createApiClient({ fetch }).get('config', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    await vi.runAllTimersAsync();
    expect((await result) as Error).toMatchObject({ name: 'AbortError' });
    expect(calls).toHaveLength(1);
  });
});

describe('api client requests', () => {
  it('sends every state-changing call as JSON, with or without a body; GETs without a content type', async () => {
    const { fetch, calls } = fakeFetch([ok(), ok(), ok(), ok()]);
    const client = createApiClient({ fetch });
    await client.post('logout');
    await client.post('my/cart/modify', { add: [] });
    await client.request('my/cart/c1', { method: 'DELETE' });
    await client.get('config');
    const types = calls.map((c) => (c.init?.headers as Record<string, string>)['content-type']);
    expect(types).toEqual(['application/json', 'application/json', 'application/json', undefined]);
    expect(calls.map((c) => c.init?.body)).toEqual([undefined, '{"add":[]}', undefined, undefined]);
  });

  it('sends app: ecomm, uses /cached_api for cached GETs and adds _seller, _embed and _limit', async () => {
    const { fetch, calls } = fakeFetch([ok(), ok()]);
    const client = createApiClient({ fetch });
    await client.get('config', { embed: ['seller'] });
    client.setSellerId('seller-1');
    await client.get('events/e1/sessions', { cached: true, limit: 500, query: { _ondate: '2026-11-22', sold_out: false, 'hidden_type._in': ['a', 'b'], skip: undefined } });
    expect(calls[0].url).toBe('/api/config?_embed=seller');
    const url = new URL(calls[1].url, 'http://x');
    expect(url.pathname).toBe('/cached_api/events/e1/sessions');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      _seller: 'seller-1',
      _limit: '500',
      _ondate: '2026-11-22',
      sold_out: 'F',
      'hidden_type._in': 'a,b',
    });
    expect((calls[1].init?.headers as Record<string, string>).app).toBe('ecomm');
  });

  it('builds an empty search when there is nothing to add', () => {
    expect(buildSearch({})).toBe('');
  });
});

describe('error envelope', () => {
  it('parses the first entry into one typed ApiError', () => {
    const error = toApiError(400, {
      _data: [
        { _code: 'event_session_sold_out', _context: 'reserve', _description: 'That session is sold out.', _extra: { session_id: 's1' } },
        { _code: 'other', _context: null, _description: 'ignored', _extra: null },
      ],
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'event_session_sold_out',
      context: 'reserve',
      description: 'That session is sold out.',
      extra: { session_id: 's1' },
    });
    expect(errorMessage(error)).toBe('That session is sold out.');
  });

  it('duplicate_code answers the first error, or the second when there is one (docs/api.md#errors)', () => {
    const duplicate = { _code: 'duplicate_code', _context: 'promo_code', _description: 'This code has already been applied.', _extra: { code: 'SUMMER' } };
    expect(toApiError(409, { _data: [duplicate] })).toMatchObject({ code: 'duplicate_code', description: 'This code has already been applied.' });
    const second = { _code: 'code_exhausted', _context: 'promo_code', _description: 'This code has been used up.', _extra: null };
    expect(toApiError(409, { _data: [duplicate, second] })).toMatchObject({ status: 409, code: 'code_exhausted', context: 'promo_code', description: 'This code has been used up.' });
  });

  it('falls back to the spec text for bodies that are not an envelope', () => {
    for (const body of [undefined, 'oops', { message: 'x' }, { _data: [] }, { _data: [{ _description: 'no code' }] }]) {
      const error = toApiError(400, body);
      expect(error.description).toBe('Sorry! Something unexpected happened. Please try again.');
      expect(error.code).toBe('unexpected_response');
    }
    expect(errorMessage(new Error('boom'))).toBe('Sorry! Something unexpected happened. Please try again.');
  });

  it('uses the fallback when the description is empty', () => {
    const error = toApiError(422, { _data: [{ _code: 'validation_failed', _context: null, _description: '  ', _extra: null }] });
    expect(error.code).toBe('validation_failed');
    expect(error.description).toBe('Sorry! Something unexpected happened. Please try again.');
  });

  it('reads an error response through the client', async () => {
    const { fetch } = fakeFetch([json(400, { _data: [{ _code: 'unknown_field', _context: 'query', _description: 'Unknown field: foo', _extra: { field: 'foo' } }] })]);
    const error = (await createApiClient({ fetch }).get('events/available').catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 400, code: 'unknown_field', context: 'query', description: 'Unknown field: foo', extra: { field: 'foo' } });
  });
});
