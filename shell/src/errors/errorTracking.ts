import { apiClient, enableErrorTracking } from '@leadsmith/shared/core';

interface ClientConfig {
  sentry_dsn: string | null;
  environment: string;
}

/**
 * Turns on browser error tracking when the API names a DSN (GET /api/client-config, SENTRY_BROWSER_DSN);
 * otherwise the SDK is never downloaded. Runs after the first render, off the critical path.
 */
export async function startErrorTracking(): Promise<void> {
  try {
    const { data } = await apiClient.get<ClientConfig>('/api/client-config', { silent: true });
    if (data.sentry_dsn) await enableErrorTracking({ dsn: data.sentry_dsn, environment: data.environment });
  } catch (error) {
    console.warn('[shell] error tracking could not be started', error);
  }
}
