import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { api } from '../../api/client.js';
import { useOptionalAccount } from '../account/public.js';
import type { TUserDocument } from '@foyer/contracts';

/** Query keys whose answers depend on the viewer (members-only events, groups and sessions). */
const VIEWER_KEYS = new Set(['events', 'event_session', 'calendar']);

/** A current member, as the server sees it: a card that has not ended; without cards, a member id an operator gave the account. */
export function isCurrentMember(doc: TUserDocument | undefined): boolean {
  const user = doc?.user._data.at(0);
  if (!doc || !user) return false;
  const cards = doc.membership._data;
  if (!cards.length) return user.scan_code !== null;
  return cards.some((c) => c.status !== 'expired');
}

/**
 * Switches the catalogue reads to (or from) the viewer's own and reads them again. A read already
 * under way was asked with the old scope: it is cancelled first, because invalidating alone would
 * join it (a first fetch is never restarted) and keep its answer as fresh.
 */
export async function rescopeViewerReads(client: QueryClient, scoped: boolean): Promise<void> {
  api.setViewerScoped(scoped);
  const viewerReads = { predicate: (q: { queryKey: readonly unknown[] }) => VIEWER_KEYS.has(String(q.queryKey[0])) };
  await client.cancelQueries(viewerReads);
  await client.invalidateQueries(viewerReads);
}

/**
 * Members see members-only events and groups (docs/events.md#members-only-events): while a current member is logged in, the
 * catalogue reads skip the public cache, and they are read again whenever that changes (log in,
 * log out, a membership bought or ended).
 */
export function MemberReads() {
  const account = useOptionalAccount();
  const client = useQueryClient();
  const scoped = !!account?.user && isCurrentMember(account.userDocument);
  useLayoutEffect(() => {
    if (api.isViewerScoped() !== scoped) void rescopeViewerReads(client, scoped);
  }, [scoped, client]);
  // Without the app (unmounted) nobody is logged in.
  useLayoutEffect(() => () => api.setViewerScoped(false), []);
  return null;
}
