import { test, expect } from '../support/fixtures';
import { ACCOUNTS } from '../support/accounts';
import { openAs } from '../support/freshUser';
import { freshResellerWithCustomer } from '../support/WhitelabelAccounts';
import { api } from '../support/api';
import { outbox } from '../support/devRoutes';
import { apiToken } from '../support/session';

test('a wrong password shows the error toast and stays on login', async ({ page, shell }) => {
  await shell.login(ACCOUNTS.reseller.email, 'not-the-password');
  await expect(
    page.getByRole('alert').filter({ hasText: 'These credentials do not match our records.' }),
  ).toBeVisible();
  await expect(page).toHaveURL('/login');
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
});

test('empty path goes to login without a token, and to the base layout with one', async ({ page, signIn }) => {
  await page.goto('/');
  await expect(page).toHaveURL('/login');
  await signIn('reseller', '/');
  await expect(page).toHaveURL('/ai/training');
  await page.goto('/login');
  await expect(page).toHaveURL('/ai/training');
});

test('logout revokes the token, removes it and returns to login', async ({ page, shell, request }) => {
  await shell.login(ACCOUNTS.customer.email, ACCOUNTS.customer.password);
  await expect(page).toHaveURL('/lead-search/new-search');
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  expect(token).toBeTruthy();
  await page.evaluate(() => localStorage.setItem('archived_user', '1'));

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/login');
  expect(
    await page.evaluate(() => [localStorage.getItem('access_token'), localStorage.getItem('archived_user')]),
  ).toEqual([null, null]);
  const me = await request.get('/api/me', { headers: { Authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
});

test('a stale token lands on login with user and token cleared', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('access_token', 'stale-token-from-last-month'));
  await page.goto('/lead-search/saved-lists');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
});

test('forgot password: code by email, new password, sign in with it', async ({ page, request, shell }) => {
  const email = `reset-${Date.now()}@leadsmith.test`;
  const register = await request.post('/auth/register', {
    data: {
      first_name: 'Reset',
      last_name: 'Tester',
      email,
      password: 'first-pass',
      password_confirmation: 'first-pass',
    },
  });
  expect(register.status()).toBe(201);
  const confirmCode = (await outbox(request, email))[0]!.code;
  expect((await request.post('/auth/confirm-email', { data: { email, code: confirmCode } })).ok()).toBeTruthy();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(`We sent a code to ${email}.`)).toBeVisible();
  const resetCode = (await outbox(request, email))[0]!.code!;
  await page.getByLabel('Code').fill(resetCode);
  await page.getByRole('button', { name: 'Check code' }).click();
  await page.getByLabel('New password').fill('second-pass');
  await page.getByLabel('Confirm password').fill('second-pass');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL('/login');

  await shell.login(email, 'second-pass');
  await expect(page).toHaveURL('/settings/business-profile');
});

test("signing up through a partner's link (?ref=) attributes the new user to that partner", async ({
  page,
  request,
}) => {
  const email = `referred.${Date.now()}@signup.test`;
  await page.goto('/register?ref=NORTHWIND');
  await page.getByLabel('First name').fill('Rhea');
  await page.getByLabel('Last name').fill('Ferral');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('rhea-secret');
  await page.getByLabel('Confirm password').fill('rhea-secret');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();

  const admin = { authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const partners = await api(request).get('/api/admin/partners', { query: { pageSize: 100 }, headers: admin });
  const northwind = partners.data.find((p) => p.referral_code === 'NORTHWIND')!;
  const users = await api(request).get('/api/admin/users', { query: { search: email }, headers: admin });
  const user = await api(request).get('/api/admin/users/{id}', { path: { id: users.data[0]!.id }, headers: admin });
  expect(user.referral_partner_id).toBe(northwind.id);
});

test("an account whose licence has expired gets a page naming its reseller's support address, and can sign out", async ({
  page,
  request,
}) => {
  const { reseller, customer } = await freshResellerWithCustomer(request, 'licence');
  const admin = { authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const expired = await request.put(`/api/admin/users/${customer.id}`, {
    headers: admin,
    data: { license_expires_at: '2020-01-01' },
  });
  expect(expired.status()).toBe(200);

  await openAs(page, customer, '/lead-search/saved-lists');
  await expect(page.getByRole('heading', { name: 'Your licence has expired' })).toBeVisible();
  await expect(page.getByText('Your access ended on January 1, 2020.')).toBeVisible();
  await expect(page.getByRole('link', { name: reseller.email })).toHaveAttribute('href', `mailto:${reseller.email}`);
  // No area, sidebar or search: their calls would be refused.
  await expect(page.getByRole('navigation')).toHaveCount(0);
  expect(
    (await request.get('/api/campaigns', { headers: { authorization: `Bearer ${customer.token}` } })).status(),
  ).toBe(403);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/login');
});
