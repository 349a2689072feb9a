import { expect, type APIRequestContext } from '@playwright/test';
import { ACCOUNTS } from './accounts';
import type { FreshUser } from './freshUser';

let counter = 0;

/** Bearer token of a seeded demo account. */
export async function tokenOf(request: APIRequestContext, account: keyof typeof ACCOUNTS): Promise<string> {
  const response = await request.post('/auth/login', { data: { email: ACCOUNTS[account].email, password: ACCOUNTS[account].password } });
  expect(response.ok(), `login as ${account}`).toBeTruthy();
  return ((await response.json()) as { token: string }).token;
}

/**
 * A new customer created by the super admin with the given modules and an empty wallet, so wallet
 * specs start from a known balance and never change the shared demo accounts.
 */
export async function createModuleUser(request: APIRequestContext, label: string, modules: string[]): Promise<FreshUser> {
  counter += 1;
  const admin = await tokenOf(request, 'admin');
  const email = `settings-${label}-${process.pid}-${Date.now()}-${counter}@leadsmith.test`;
  const password = 'module-user-pass';
  const created = await request.post('/api/admin/users', {
    headers: { authorization: `Bearer ${admin}` },
    data: { email, password, first_name: 'Wallet', last_name: 'User', modules, search_limit: 1000 },
  });
  expect(created.status(), `create ${email}`).toBe(201);
  const login = await request.post('/auth/login', { data: { email, password } });
  expect(login.ok()).toBeTruthy();
  return { email, password, token: ((await login.json()) as { token: string }).token };
}
