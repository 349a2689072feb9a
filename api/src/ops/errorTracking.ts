/**
 * Optional error tracking: with SENTRY_DSN set, unexpected errors (500 answers, failed job attempts)
 * go to that Sentry-compatible endpoint through @sentry/node, tagged with the request id or job id.
 * Without it the SDK is never loaded and nothing is sent anywhere: off by default.
 */
export interface ErrorTracker {
  capture(error: unknown, tags: Record<string, string>): void;
  /** Sends what is queued (at shutdown); resolves false when the endpoint did not take it in time. */
  flush(timeoutMs?: number): Promise<boolean>;
}

export interface ErrorTrackingOptions {
  dsn: string | null | undefined;
  environment: string;
  release: string;
}

export function createErrorTracker({ dsn, environment, release }: ErrorTrackingOptions): ErrorTracker | null {
  if (!dsn) return null;
  // Loaded only here: an instance without a DSN never pays for (or calls out through) the SDK.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const Sentry = require('@sentry/node') as typeof import('@sentry/node');
  Sentry.initWithoutDefaultIntegrations({
    dsn,
    environment,
    release,
    // Errors only: no tracing, no request bodies or headers, no IP addresses (leads' personal data stays home).
    tracesSampleRate: 0,
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    integrations: [
      Sentry.linkedErrorsIntegration(),
      Sentry.functionToStringIntegration(),
      Sentry.onUncaughtExceptionIntegration(),
      Sentry.onUnhandledRejectionIntegration(),
    ],
  });
  return {
    capture(error, tags) {
      Sentry.withScope((scope) => {
        scope.setTags(tags);
        Sentry.captureException(error);
      });
    },
    flush: (timeoutMs = 2000) => Sentry.flush(timeoutMs),
  };
}
