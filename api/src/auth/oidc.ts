import * as client from 'openid-client';
import { fetch as undiciFetch } from 'undici';
import { outboundDispatcher } from '../net/outbound';

/**
 * Social sign-in through OpenID Connect with openid-client (authorization code flow, PKCE S256,
 * state and nonce). Google is configured by GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET; its issuer is
 * Google's unless GOOGLE_OIDC_ISSUER points elsewhere (the tests' local fake provider). The provider's
 * discovery document, keys and token endpoint are reached through the outbound guard.
 */
export const SOCIAL_PROVIDERS = ['google'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export const GOOGLE_ISSUER = 'https://accounts.google.com';
/** Minutes a started sign-in may take before its state is refused. */
export const OIDC_STATE_TTL_MINUTES = 10;

export function oidcSettings(provider: SocialProvider, env: NodeJS.ProcessEnv = process.env): OidcSettings | null {
  if (provider !== 'google') return null;
  const clientId = env.GOOGLE_CLIENT_ID?.trim();
  const clientSecret = env.GOOGLE_CLIENT_SECRET?.trim();
  if (!clientId || !clientSecret) return null;
  return { issuer: env.GOOGLE_OIDC_ISSUER?.trim() || GOOGLE_ISSUER, clientId, clientSecret };
}

export function configuredProviders(env: NodeJS.ProcessEnv = process.env): SocialProvider[] {
  return SOCIAL_PROVIDERS.filter((p) => oidcSettings(p, env) !== null);
}

const guardedFetch: client.CustomFetch = (url, options) =>
  undiciFetch(url, { ...options, dispatcher: outboundDispatcher() } as Parameters<
    typeof undiciFetch
  >[1]) as unknown as Promise<Response>;

const configurations = new Map<string, Promise<client.Configuration>>();

/** The provider's configuration from its discovery document, fetched once per process (again after a failure). */
function configurationFor(settings: OidcSettings): Promise<client.Configuration> {
  const key = `${settings.issuer}|${settings.clientId}`;
  let found = configurations.get(key);
  if (!found) {
    const issuer = new URL(settings.issuer);
    found = client
      .discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
        // Plain HTTP only for a loopback issuer (a local fake provider in tests and development).
        execute: issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [],
        [client.customFetch]: guardedFetch,
        timeout: 10,
      })
      .then((config) => {
        config[client.customFetch] = guardedFetch;
        return config;
      });
    found.catch(() => configurations.delete(key));
    configurations.set(key, found);
  }
  return found;
}

export interface StartedLogin {
  url: string;
  state: string;
  codeVerifier: string;
  nonce: string;
}

/** The provider's authorization URL for a new sign-in, with what the callback must check. */
export async function startLogin(settings: OidcSettings, redirectUri: string): Promise<StartedLogin> {
  const config = await configurationFor(settings);
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href, state, codeVerifier, nonce };
}

export interface SocialIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

/**
 * Exchanges the code at the token endpoint (with the PKCE verifier) and validates the ID token
 * (signature from the provider's JWKS, issuer, audience, expiry, nonce). Throws when any check fails.
 */
export async function finishLogin(
  settings: OidcSettings,
  login: { redirectUri: string; code: string; state: string; codeVerifier: string; nonce: string },
): Promise<SocialIdentity> {
  const config = await configurationFor(settings);
  const callback = new URL(login.redirectUri);
  callback.searchParams.set('code', login.code);
  callback.searchParams.set('state', login.state);
  const tokens = await client.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: login.codeVerifier,
    expectedState: login.state,
    expectedNonce: login.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims || typeof claims.email !== 'string') throw new Error('the ID token carries no email');
  return {
    subject: claims.sub,
    email: claims.email,
    emailVerified: claims.email_verified === true,
    firstName: typeof claims.given_name === 'string' ? claims.given_name : '',
    lastName: typeof claims.family_name === 'string' ? claims.family_name : '',
  };
}
