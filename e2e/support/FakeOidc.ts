/**
 * The fake OpenID Connect provider of the e2e run (api/test/fakeOidc.ts, started once by
 * FakeOidcGlobalSetup.ts) standing in for Google: the second API server (OSM_API_BASE) has Google
 * sign-in configured against it, so its login page shows "Sign in with Google" and the browser goes
 * through the provider's account page and back to /callback. Its port follows the API's (E2E_PORT + 11)
 * unless E2E_FAKE_OIDC_PORT is set.
 */
export const FAKE_OIDC_PORT = Number(process.env.E2E_FAKE_OIDC_PORT ?? Number(process.env.E2E_PORT ?? 8181) + 11);
export const FAKE_OIDC_ISSUER = `http://127.0.0.1:${FAKE_OIDC_PORT}`;
/** The OAuth client the API is registered as at the fake provider. */
export const FAKE_OIDC_CLIENT = { id: 'leadsmith-e2e.apps.fake', secret: 'fake-oidc-client-secret' } as const;
