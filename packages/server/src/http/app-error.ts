import type { TErrorCode, TErrorEnvelope } from '@foyer/contracts';

/** A refusal the user may see: becomes a 4xx in the error envelope. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: TErrorCode,
    readonly description: string,
    readonly context: string | null = null,
    readonly extra: unknown = null,
  ) {
    super(description);
  }

  /** Seconds a 429 or 503 asks the client to wait (its `_extra.retry_after`), sent as Retry-After. */
  get retryAfterSeconds(): number | null {
    const seconds = (this.extra as { retry_after?: unknown } | null)?.retry_after;
    return (this.status === 429 || this.status === 503) && typeof seconds === 'number' ? seconds : null;
  }

  toEnvelope(): TErrorEnvelope {
    return { _data: [{ _code: this.code, _context: this.context, _description: this.description, _extra: this.extra }] };
  }
}
