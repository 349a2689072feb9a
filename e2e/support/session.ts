import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS, type AccountName } from './accounts';
import { api } from './api';

export interface Credentials {
  email: string;
  password: string;
}

/**
 * A session token for API calls beside the browser (POST /auth/login): of a seeded demo account by name,
 * or of any account by email and password. Each call signs in anew, so the token is the spec's own.
 */
export async function apiToken(request: APIRequestContext, account: AccountName | Credentials): Promise<string> {
  const { email, password } = typeof account === 'string' ? ACCOUNTS[account] : account;
  return (await api(request).post('/auth/login', { data: { email, password } })).token;
}

/** Opens `path` signed in with `token`: the session token in the app origin's storage, as the sign-in page leaves it. */
export async function openWithToken(page: Page, token: string, path: string): Promise<void> {
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('access_token', t), token);
  await page.goto(path);
}
