import { expect, type APIRequestContext } from '@playwright/test';

/**
 * The fake CRM of the e2e run (api/test/fakeCrm.ts, started once by FakeCrmGlobalSetup.ts): the API
 * under test exchanges codes at its token endpoint and pushes contacts to it (playwright.config.ts
 * points CRM_GHL_TOKEN_URL / CRM_GHL_API_URL there). Its port follows the API's (E2E_PORT + 5) unless
 * E2E_FAKE_CRM_PORT is set, so parallel runs on other ports never share one.
 */
export const FAKE_CRM_PORT = Number(process.env.E2E_FAKE_CRM_PORT ?? Number(process.env.E2E_PORT ?? 8181) + 5);
export const FAKE_CRM_BASE = `http://127.0.0.1:${FAKE_CRM_PORT}`;

export interface ReceivedContact {
  path: string;
  contact: Record<string, unknown>;
}

/** What the fake CRM received with tokens descended from one authorization code (each test uses its own). */
export async function receivedByCode(request: APIRequestContext, code: string): Promise<ReceivedContact[]> {
  const response = await request.get(`${FAKE_CRM_BASE}/__inspect?code=${encodeURIComponent(code)}`);
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { contacts: ReceivedContact[] }).contacts;
}

/** What one Zapier-style hook of the fake CRM (`<base>/hooks/<id>`) received. */
export async function receivedByHook(request: APIRequestContext, hook: string): Promise<ReceivedContact[]> {
  const response = await request.get(`${FAKE_CRM_BASE}/__inspect?hook=${encodeURIComponent(hook)}`);
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { contacts: ReceivedContact[] }).contacts;
}
