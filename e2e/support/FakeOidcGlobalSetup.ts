import { fakeOidc } from '../../api/test/fakeOidc';
import { FAKE_OIDC_CLIENT, FAKE_OIDC_PORT } from './FakeOidc';

/** Starts the fake OpenID provider for the whole run (the API reads its discovery document on the first Google sign-in); returns its teardown. */
export default async function fakeOidcGlobalSetup(): Promise<() => Promise<void>> {
  const provider = await fakeOidc(FAKE_OIDC_CLIENT, { port: FAKE_OIDC_PORT });
  return () => provider.close();
}
