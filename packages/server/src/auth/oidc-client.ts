import * as oidc from 'openid-client';
import type { OidcSettings } from '../settings.js';
import { AppError } from '../http/app-error.js';

/**
 * The OpenID Connect provider as openid-client sees it: discovered once per process and kept;
 * a failed discovery is retried on the next login (the provider may have been down).
 */
export const OIDC_CALLBACK_PATH = '/auth0-callback';

export interface OidcProvider {
  settings: OidcSettings;
  config(): Promise<oidc.Configuration>;
  /** Where the provider sends the browser back: the web callback route (docs/accounts.md#web-screens). */
  redirectUri: string;
}

export const PROVIDER_UNAVAILABLE = 'Auth0 could not be initialized. Please try again.';

export function oidcProvider(settings: OidcSettings, publicUrl: string): OidcProvider {
  let pending: Promise<oidc.Configuration> | null = null;
  const issuer = new URL(settings.issuer);
  const loopbackHttp = issuer.protocol === 'http:';
  return {
    settings,
    redirectUri: `${publicUrl}${OIDC_CALLBACK_PATH}`,
    config() {
      pending ??= oidc
        .discovery(
          issuer,
          settings.clientId,
          settings.clientSecret ?? { token_endpoint_auth_method: 'none' },
          settings.clientSecret ? oidc.ClientSecretPost(settings.clientSecret) : oidc.None(),
          // Plain http is accepted only for a provider on this machine (settings check it).
          // eslint-disable-next-line @typescript-eslint/no-deprecated -- deprecated only to stand out (openid-client's own note); used on purpose for a loopback provider, as the comment above says
          loopbackHttp ? { execute: [oidc.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
        )
        .then((config) => {
          // Also verify the id_token's signature against the provider's JWKS (openid-client would
          // otherwise rely on TLS to the token endpoint alone).
          oidc.enableNonRepudiationChecks(config);
          return config;
        })
        .catch((error: unknown) => {
          pending = null;
          throw new AppError(503, 'provider_unavailable', PROVIDER_UNAVAILABLE, 'auth0', { reason: (error as Error | null | undefined)?.message ?? 'discovery failed' });
        });
      return pending;
    },
  };
}
