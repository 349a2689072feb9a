import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { recordManifestFetch } from './diagnostics';

const ATTEMPTS = 2;

/**
 * Federation runtime plugin: fetches a remote's manifest with one retry on a
 * network error or a 5xx (a 404 is final: the version is gone), and records
 * how long each fetch took for the diagnostics panel.
 */
export default function retryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'leadsmith-manifest-retry',
    async fetch(url: string, init: RequestInit) {
      const started = performance.now();
      let lastError: unknown;
      for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
        try {
          const response = await fetch(url, { ...init, cache: 'no-cache' });
          if (response.status >= 500 && attempt < ATTEMPTS) continue;
          recordManifestFetch(url, response.status, performance.now() - started);
          return response;
        } catch (error) {
          lastError = error;
        }
      }
      recordManifestFetch(url, 0, performance.now() - started);
      throw lastError instanceof Error ? lastError : new Error(`Failed to fetch ${url}`);
    },
  };
}
