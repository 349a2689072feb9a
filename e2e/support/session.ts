import type { APIRequestContext } from '@playwright/test';
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
