import { createTransport } from '@sentry/browser';
import { waitFor } from '@testing-library/react';
import { mockApi } from '../../testing/mockApi';
import { enableErrorTracking, errorTrackingEnabled } from '../errorTracking';
import { reportAppError } from '../reportAppError';

/** The envelopes the SDK would send, kept by a transport built with the SDK's own createTransport. */
const sent: string[] = [];

describe('browser error tracking', () => {
  let api: ReturnType<typeof mockApi>;
  beforeEach(() => (api = mockApi(() => ({ status: 204, body: null }))));
  afterEach(() => api.restore());

  it('off until enabled: a report goes to the API only', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    reportAppError({ message: 'before tracking' });
    expect(errorTrackingEnabled()).toBe(false);
    await waitFor(() => expect(api.calls.map((c) => c.url)).toEqual(['/api/log-app-error']));
    expect(sent).toEqual([]);
  });

  it('with a DSN, a reported error also reaches the tracker with its request id and remote', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await enableErrorTracking({
      dsn: 'https://publickey@errors.example.test/77',
      environment: 'test',
      transport: (options) =>
        createTransport(options, async (request) => {
          sent.push(typeof request.body === 'string' ? request.body : new TextDecoder().decode(request.body));
          return { statusCode: 200 };
        }),
    });
    reportAppError({
      message: 'Request failed with status code 500',
      stack: 'Error: x\n    at y',
      remote: 'mfe_admin',
      request_id: 'req-1234-abcd',
    });
    await waitFor(() => expect(sent.length).toBe(1));
    const [, , payload] = sent[0]!.split('\n');
    const event = JSON.parse(payload!) as {
      environment: string;
      tags: Record<string, string>;
      exception: { values: { value: string }[] };
    };
    expect(event.environment).toBe('test');
    expect(event.tags).toMatchObject({ request_id: 'req-1234-abcd', remote: 'mfe_admin' });
    expect(event.exception.values[0]!.value).toBe('Request failed with status code 500');
  });
});
