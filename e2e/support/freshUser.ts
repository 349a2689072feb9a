import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { api } from './api';
import { outbox } from './devRoutes';
import { openWithToken } from './session';

export interface FreshUser {
  email: string;
  password: string;
  token: string;
}

let counter = 0;

/**
 * Registers and confirms a new customer through the API (the code comes from
 * the dev outbox), so specs that change profile, password or settings data
 * never alter the shared demo accounts other specs sign in with.
 */
export async function registerFreshUser(request: APIRequestContext, label: string): Promise<FreshUser> {
  counter += 1;
  const email = `settings-${label}-${process.pid}-${Date.now()}-${counter}@leadsmith.test`;
  const password = 'fresh-user-pass';
  const registered = await request.post('/auth/register', {
    data: { first_name: 'Fresh', last_name: 'User', email, password, password_confirmation: password },
  });
  expect(registered.status(), `register ${email}`).toBe(201);
  const code = (await outbox(request, email))[0]?.code;
  expect(code, 'confirmation code in the dev outbox').toBeTruthy();
  const { token } = await api(request).post('/auth/confirm-email', { data: { email, code: code! }, status: 200 });
  return { email, password, token };
}

/** Opens `path` signed in as the given fresh user. */
export async function openAs(page: Page, user: FreshUser, path: string): Promise<void> {
  await openWithToken(page, user.token, path);
}
