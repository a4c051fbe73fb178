import type { TErrorEntry } from '@foyer/contracts';
import { en } from '../i18n/en.js';
import { isExpectedApiError, reportError } from '../lib/report-error.js';

/**
 * The HTTP client of the storefront (docs/api.md#reads, docs/api.md#responses).
 * - every call goes to /api/{path}; cacheable GETs to /cached_api/{path};
 * - `_seller` is added once the seller is known, plus the `_embed` list and `_limit`;
 * - header `app: ecomm`; every POST/PUT/PATCH/DELETE is `application/json`, even without a body;
 * - a GET is retried up to 3 times, waiting 250 ms and doubling, on a network error, a timeout or a 502;
 * - a failed call throws one typed `ApiError` built from the error envelope.
 */

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  embed?: readonly string[];
  limit?: number;
  body?: unknown;
  /** Use /cached_api (public, cookie-independent reads only). */
  cached?: boolean;
  signal?: AbortSignal;
}

export const RETRY_ATTEMPTS = 3;
export const RETRY_BASE_DELAY_MS = 250;
export const REQUEST_TIMEOUT_MS = 20_000;

/** The codes the client itself gives to failures that carry no envelope. */
export const CLIENT_ERROR_CODES = { network: 'network_error', timeout: 'timeout', unexpected: 'unexpected_response' } as const;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly context: string | null;
  readonly description: string;
  readonly extra: unknown;

  constructor(init: { status: number; code: string; context?: string | null; description?: string | null; extra?: unknown }) {
    const description = init.description?.trim() ? init.description : en.errors.unexpected;
    super(description);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.context = init.context ?? null;
    this.description = description;
    this.extra = init.extra ?? null;
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function isErrorEntry(value: unknown): value is TErrorEntry {
  if (!value || typeof value !== 'object') return false;
  const entry = value as Record<string, unknown>;
  return typeof entry._code === 'string';
}

/**
 * Turns an HTTP status and a parsed body into an ApiError. The first entry of the envelope
 * `{ _data: [{ _code, _context, _description, _extra }] }` is the error (for `duplicate_code`, the
 * second entry when there is one); anything else gets the fallback text.
 */
export function toApiError(status: number, body: unknown): ApiError {
  const data = body && typeof body === 'object' ? (body as { _data?: unknown })._data : undefined;
  // docs/api.md#errors: duplicate_code answers the first error, or the second when there is one.
  const entries: unknown[] = Array.isArray(data) ? data : [];
  const first = isErrorEntry(entries[0]) && entries[0]._code === 'duplicate_code' && isErrorEntry(entries[1]) ? entries[1] : entries[0];
  if (isErrorEntry(first)) {
    return new ApiError({
      status,
      code: first._code,
      context: typeof first._context === 'string' ? first._context : null,
      // 5xx descriptions never reach the user: the server promises not to leak, we do not rely on it.
      description: status >= 500 ? null : typeof first._description === 'string' ? first._description : null,
      extra: first._extra ?? null,
    });
  }
  return new ApiError({ status, code: status >= 500 ? 'internal_error' : CLIENT_ERROR_CODES.unexpected });
}

export function buildSearch(options: Pick<RequestOptions, 'query' | 'embed' | 'limit'>, sellerId?: string | null): string {
  const params = new URLSearchParams();
  if (sellerId) params.set('_seller', sellerId);
  if (options.embed?.length) params.set('_embed', options.embed.join(','));
  if (options.limit !== undefined) params.set('_limit', String(options.limit));
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) params.set(key, value.join(','));
    } else if (typeof value === 'boolean') {
      params.set(key, value ? 'T' : 'F');
    } else {
      params.set(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  fetch?: FetchLike;
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
}

class TimeoutError extends Error {
  constructor() {
    super('timeout');
    this.name = 'TimeoutError';
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException ? error.name === 'AbortError' : (error as { name?: unknown } | null | undefined)?.name === 'AbortError';
}

export function createApiClient(clientOptions: ApiClientOptions = {}) {
  const doFetch: FetchLike = clientOptions.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const sleep = clientOptions.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const timeoutMs = clientOptions.timeoutMs ?? REQUEST_TIMEOUT_MS;
  let sellerId: string | null = null;
  let viewerScoped = false;

  /** One attempt: resolves with the response, or rejects with TimeoutError / a network error / AbortError. */
  async function attempt(url: string, init: RequestInit, outer?: AbortSignal): Promise<Response> {
    const controller = new AbortController();
    // The reason tells our own timeout from the caller's abort (`outer`).
    const timer = setTimeout(() => controller.abort(new TimeoutError()), timeoutMs);
    const forward = () => controller.abort();
    outer?.addEventListener('abort', forward);
    try {
      return await doFetch(url, { ...init, signal: controller.signal });
    } catch (error) {
      if (controller.signal.reason instanceof TimeoutError) throw new TimeoutError();
      throw error;
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', forward);
    }
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method = options.method ?? 'GET';
    // A current member's reads carry members-only data: never the shared cache (docs/memberships.md#3-being-recognised).
    const base = options.cached && method === 'GET' && !viewerScoped ? '/cached_api/' : '/api/';
    const url = `${base}${path.replace(/^\/+/, '')}${buildSearch(options, sellerId)}`;
    const headers: Record<string, string> = { app: 'ecomm', accept: 'application/json' };
    // Every state-changing call is JSON, body or not: the server refuses other types (CSRF defence).
    if (method !== 'GET') headers['content-type'] = 'application/json';
    const body = options.body !== undefined ? JSON.stringify(options.body) : undefined;
    const init: RequestInit = { method, headers, body, credentials: 'same-origin' };
    const retries = method === 'GET' ? RETRY_ATTEMPTS : 0;

    for (let tryNumber = 0; ; tryNumber++) {
      let response: Response | undefined;
      let failure: unknown;
      try {
        response = await attempt(url, init, options.signal);
      } catch (error) {
        if (options.signal?.aborted || (isAbort(error) && !(error instanceof TimeoutError))) throw error;
        failure = error;
      }
      const retryable = failure !== undefined || response?.status === 502;
      if (retryable && tryNumber < retries) {
        await sleep(RETRY_BASE_DELAY_MS * 2 ** tryNumber);
        if (options.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
        continue;
      }
      if (failure !== undefined || !response) {
        throw new ApiError({
          status: 0,
          code: failure instanceof TimeoutError ? CLIENT_ERROR_CODES.timeout : CLIENT_ERROR_CODES.network,
        });
      }
      try {
        return (await readBody(response)) as T;
      } catch (error) {
        // An answer the storefront does not expect goes to the server's log (docs/api.md#errors error reporting).
        const callPath = url.split('?')[0];
        if (error instanceof ApiError && !isExpectedApiError(method, callPath, error.status, error.code)) {
          reportError({ source: 'api', message: `${error.code}: ${error.message}`, method, path: callPath, status: error.status, code: error.code, request_id: response.headers.get('x-request-id') ?? undefined });
        }
        throw error;
      }
    }
  }

  async function readBody(response: Response): Promise<unknown> {
    const text = await response.text().catch(() => '');
    let parsed: unknown = undefined;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
    }
    if (!response.ok) throw toApiError(response.status, parsed);
    if (text && parsed === undefined) throw new ApiError({ status: response.status, code: CLIENT_ERROR_CODES.unexpected });
    return parsed ?? {};
  }

  return {
    request,
    get: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) => request<T>(path, { ...options, method: 'GET' }),
    post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
      request<T>(path, { ...options, method: 'POST', body }),
    setSellerId(id: string | null) {
      sellerId = id;
    },
    /** A current member is logged in: cacheable reads go to /api (their answers depend on the viewer). */
    setViewerScoped(on: boolean) {
      viewerScoped = on;
    },
    isViewerScoped: () => viewerScoped,
    getSellerId: () => sellerId,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The storefront's client. */
export const api = createApiClient();

/** The text to show for any error: the server's description for API errors, else the fallback. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) return error.description;
  return en.errors.unexpected;
}
