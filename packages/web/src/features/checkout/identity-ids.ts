import { ApiError } from '../../api/client.js';

/** Reading the guest's identity id from the answers of POST user (docs/checkout.md#your-information). */

/** The identity id from POST user: `identity._data[0].id`, else `user._data[0].identity_id`. */
export function identityIdOfUser(doc: unknown): string | null {
  const d = doc as { identity?: { _data?: { id?: string }[] }; user?: { _data?: { identity_id?: string }[] } } | null;
  return d?.identity?._data?.[0]?.id ?? d?.user?._data?.[0]?.identity_id ?? null;
}

/** A 409 email_in_use names the existing identity in `_extra.identity_id`. */
export function identityIdOfConflict(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const extra = error.extra as { identity_id?: unknown } | null;
  return typeof extra?.identity_id === 'string' ? extra.identity_id : null;
}
