import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { ACCOUNTS } from '../support/accounts';
import { OSM_API_BASE } from '../support/FakeLeadVendors';
import { FAKE_OIDC_ISSUER } from '../support/FakeOidc';
import { api } from '../support/api';

/**
 * Google sign-in in the browser (OpenID Connect: PKCE, state and nonce kept by the API): the second API
 * server has Google configured against the run's fake OpenID provider (support/FakeOidc.ts), which
 * plays Google's account page and signs the ID token with its RS256 key.
 */
test.use({ baseURL: OSM_API_BASE });

/** From the login page through the provider's account page back to /callback; resolves with the session's user. */
async function signInWithGoogle(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(new RegExp(`^${FAKE_OIDC_ISSUER}/authorize\\?`));
  const authorize = new URL(page.url()).searchParams;
  expect([authorize.get('code_challenge_method'), authorize.get('redirect_uri')]).toEqual([
    'S256',
    `${OSM_API_BASE}/callback`,
  ]);
  await page.getByLabel('Email').fill(email);
  const exchanged = page.waitForResponse((r) => r.url().endsWith('/auth/login-with-social'));
  await page.getByRole('button', { name: 'Continue' }).click();
  expect((await exchanged).status()).toBe(200);
  await expect(page).not.toHaveURL(/\/(login|callback)/);
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  return api(page.request).get('/api/me', { headers: { Authorization: `Bearer ${token}` }, status: 200 });
}

test('Sign in with Google: a new address gets its own account, a known address signs into its account', async ({
  page,
}) => {
  const email = `gia-${Date.now()}@gmail.test`;
  expect(await signInWithGoogle(page, email)).toMatchObject({ email, first_name: 'Gia' });

  await page.evaluate(() => localStorage.clear());
  // The demo customer's address, verified by the provider: the existing account, where it lands after a password sign-in.
  expect(await signInWithGoogle(page, ACCOUNTS.customer.email.toUpperCase())).toMatchObject({
    email: ACCOUNTS.customer.email,
  });
  await expect(page).toHaveURL('/lead-search/new-search');
});

test("Cancel on the provider's page comes back to /callback with the failure and a way back to sign in", async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/callback\?error=access_denied/);
  await expect(page.getByRole('alert')).toHaveText(
    'Sign-in was cancelled: you can try again or sign in with your password.',
  );
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL('/login');
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
});
