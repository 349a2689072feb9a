import { expect, type APIRequestContext } from '@playwright/test';
import type { FreshUser } from './freshUser';
import { apiToken } from './session';

let counter = 0;

/**
 * A new customer created by the super admin with the given modules and an empty wallet, so wallet
 * specs start from a known balance and never change the shared demo accounts.
 */
export async function createModuleUser(
  request: APIRequestContext,
  label: string,
  modules: string[],
): Promise<FreshUser> {
  counter += 1;
  const admin = await apiToken(request, 'admin');
  const email = `settings-${label}-${process.pid}-${Date.now()}-${counter}@leadsmith.test`;
  const password = 'module-user-pass';
  const created = await request.post('/api/admin/users', {
    headers: { authorization: `Bearer ${admin}` },
    data: { email, password, first_name: 'Wallet', last_name: 'User', modules, search_limit: 1000 },
  });
  expect(created.status(), `create ${email}`).toBe(201);
  return { email, password, token: await apiToken(request, { email, password }) };
}
