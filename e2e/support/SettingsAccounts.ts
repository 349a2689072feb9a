import { expect, type APIRequestContext } from '@playwright/test';
import { ACCOUNTS } from './accounts';
import type { FreshUser } from './freshUser';
import { api } from './api';

let counter = 0;

/** Bearer token of a seeded demo account. */
export async function tokenOf(request: APIRequestContext, account: keyof typeof ACCOUNTS): Promise<string> {
  return (await api(request).post('/auth/login', { data: { email: ACCOUNTS[account].email, password: ACCOUNTS[account].password } })).token;
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
  const { token } = await api(request).post('/auth/login', { data: { email, password } });
  return { email, password, token };
}
