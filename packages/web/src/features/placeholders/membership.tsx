import { CONFIG } from '@foyer/contracts/constants';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { configQuery } from '../../api/queries.js';
import { queryClient } from '../../api/query-client.js';
import { paths } from '../../lib/paths.js';
import { asString, configValue } from '../../config/config.js';
import { placeholder } from './placeholder-page.js';
import { externalMembershipUrl } from '../../config/membership-url.js';

/**
 * /membership/{action?} (docs/memberships.md#2-buying): to the external membership URL (web.membership_url) plus the
 * action, else to the membership event (web.membership_event_id) with the action, when one is
 * configured; otherwise the membership page.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const config = await queryClient.query({ ...configQuery(), staleTime: 'static' });
  const external = externalMembershipUrl(config.entries, params.action);
  if (external) throw redirect(external);
  const eventId = asString(configValue(CONFIG.membershipEventId, config.entries));
  if (eventId) throw redirect(paths.event(eventId, params.action));
  return null;
}

export const Component = placeholder('membership');
