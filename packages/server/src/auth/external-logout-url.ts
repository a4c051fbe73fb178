import * as oidc from 'openid-client';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../db/database.js';
import { subjectOfUser } from '../users/public.js';
import type { ActiveSession } from './sessions.js';
import type { OidcProvider } from './oidc-client.js';

/**
 * Where the browser goes after logging out to end the user's session at the external identity
 * provider too (docs/accounts.md), so a shared kiosk's next visitor is not logged straight back
 * in: OIDC_LOGOUT_URL when set, else the provider's discovered end_session_endpoint (with our
 * client id and home as the post-logout address). Only for a user linked to the provider; none
 * when no provider is configured or it offers no logout (or cannot be reached: logged).
 */
export async function externalLogoutUrl(
  db: Tx,
  input: { provider: OidcProvider | null; session: ActiveSession | null; publicUrl: string; log?: FastifyBaseLogger },
): Promise<string | null> {
  const { provider, session } = input;
  if (!provider || !session) return null;
  if (!(await subjectOfUser(db, session.userId, provider.settings.issuer))) return null;
  if (provider.settings.logoutUrl) return provider.settings.logoutUrl;
  try {
    const config = await provider.config();
    if (!config.serverMetadata().end_session_endpoint) return null;
    return oidc.buildEndSessionUrl(config, { client_id: provider.settings.clientId, post_logout_redirect_uri: `${input.publicUrl}/` }).href;
  } catch (error) {
    input.log?.warn({ err: error }, 'logout: the identity provider could not be asked for its logout address');
    return null;
  }
}
