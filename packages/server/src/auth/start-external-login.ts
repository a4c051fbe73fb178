import * as oidc from 'openid-client';
import type { OidcFlow } from './external-login-cookie.js';
import type { OidcProvider } from './oidc-client.js';

/**
 * Starts an OpenID Connect login (authorization code flow with PKCE, state and nonce): the
 * provider's authorize URL for the browser, and the flow to keep in the cookie.
 */
export async function startExternalLogin(provider: OidcProvider, input: { redirectPath: string | null; now: Date }): Promise<{ url: string; flow: OidcFlow }> {
  const config = await provider.config();
  const verifier = oidc.randomPKCECodeVerifier();
  const flow: OidcFlow = { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier, redirectPath: input.redirectPath, started: input.now.getTime() };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: provider.redirectUri,
    scope: provider.settings.scope,
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
  });
  return { url: url.href, flow };
}
