import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { toast } from '../../toast/toast';
import { createApiClient, onLicenseExpired, onUnauthorized } from '../client';

jest.spyOn(toast, 'success').mockImplementation(() => 'id');
jest.spyOn(toast, 'error').mockImplementation(() => 'id');

/** A fake network: records each request and answers with the given status/body. */
function fakeNetwork(status: number, data: unknown) {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const response = { data, status, statusText: String(status), headers: {}, config, request: {} };
    if (status >= 400) {
      const error = Object.assign(new Error(`Request failed with status code ${status}`), {
        isAxiosError: true,
        config,
        response,
      });
      throw error;
    }
    return response;
  };
  const client = createApiClient();
  client.defaults.adapter = adapter;
  return { client, seen };
}

beforeEach(() => jest.clearAllMocks());

describe('api client', () => {
  it('sends the spec headers: Accept, Bearer token, User-Language from lang (default en)', async () => {
    const { client, seen } = fakeNetwork(200, {});
    await client.get('/api/me');
    expect(seen[0]!.headers.get('Accept')).toBe('application/json');
    expect(seen[0]!.headers.get('User-Language')).toBe('en');
    expect(seen[0]!.headers.get('Authorization')).toBeUndefined();

    localStorage.setItem('access_token', 'tok');
    localStorage.setItem('lang', 'de');
    await client.get('/api/me');
    expect(seen[1]!.headers.get('Authorization')).toBe('Bearer tok');
    expect(seen[1]!.headers.get('User-Language')).toBe('de');
  });

  it('toasts a response message only when a token is stored', async () => {
    const { client } = fakeNetwork(200, { message: 'Profile updated' });
    await client.post('/api/me', {});
    expect(toast.success).not.toHaveBeenCalledWith('Profile updated');
    localStorage.setItem('access_token', 'tok');
    await client.post('/api/me', {});
    expect(toast.success).toHaveBeenCalledWith('Profile updated');
  });

  it('shows an error toast for a failed call with token and message, and passes the error on', async () => {
    localStorage.setItem('access_token', 'tok');
    const { client } = fakeNetwork(422, { message: 'Plan cannot be deleted while in use', code: 'plan_in_use' });
    await expect(client.delete('/api/plans/1')).rejects.toMatchObject({ response: { status: 422 } });
    expect(toast.error).toHaveBeenCalledWith('Plan cannot be deleted while in use');
  });

  it('keeps silent calls out of toasts (training-data failures are logged only)', async () => {
    localStorage.setItem('access_token', 'tok');
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { client } = fakeNetwork(500, { message: 'crawl failed' });
    await expect(client.get('/api/business-details/website-links', { silent: true })).rejects.toBeTruthy();
    expect(toast.error).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
  });

  it('tells subscribers about a 401 while signed in', async () => {
    localStorage.setItem('access_token', 'stale');
    const listener = jest.fn();
    const off = onUnauthorized(listener);
    const { client } = fakeNetwork(401, { message: 'Unauthenticated' });
    await expect(client.get('/api/me')).rejects.toBeTruthy();
    expect(listener).toHaveBeenCalledTimes(1);
    off();
  });

  it('tells subscribers about an expired licence instead of toasting it', async () => {
    localStorage.setItem('access_token', 'tok');
    const listener = jest.fn();
    const off = onLicenseExpired(listener);
    const { client } = fakeNetwork(403, { code: 'license_expired', message: 'Your licence has expired.' });
    await expect(client.get('/api/campaigns')).rejects.toBeTruthy();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(toast.error).not.toHaveBeenCalled();
    off();
  });
});
