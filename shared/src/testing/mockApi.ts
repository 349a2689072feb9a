import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { AxiosError } from 'axios';
import { apiClient } from '../api/client';

export interface MockCall {
  method: string;
  url: string;
  params?: Record<string, unknown>;
  body?: unknown;
}

type Answer = { status: number; body: unknown } | undefined;
/** Answers a call (or undefined: 404); a promise holds the answer back, e.g. to look at a loading state. */
type Handler = (call: MockCall) => Answer | Promise<Answer>;

/**
 * Replaces the network under the shared api client (its axios adapter) for a
 * component test: requests still go through the real client and interceptors.
 * Returns the recorded calls; restore() puts the real adapter back.
 */
export function mockApi(handler: Handler) {
  const original = apiClient.defaults.adapter;
  const calls: MockCall[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const call: MockCall = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: config.params as Record<string, unknown> | undefined,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    };
    calls.push(call);
    const answer = (await handler(call)) ?? { status: 404, body: { code: 'not_found', message: 'Not found' } };
    const response: AxiosResponse = {
      data: answer.body,
      status: answer.status,
      statusText: String(answer.status),
      headers: {},
      config,
    };
    if (answer.status >= 400)
      throw new AxiosError(
        `Request failed with status code ${answer.status}`,
        'ERR_BAD_REQUEST',
        config,
        null,
        response,
      );
    return response;
  };
  apiClient.defaults.adapter = adapter;
  return { calls, restore: () => (apiClient.defaults.adapter = original) };
}
