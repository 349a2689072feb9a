import type { BrowserOptions } from '@sentry/browser';

/**
 * Optional error tracking in the browser: when the API's client config names a DSN
 * (SENTRY_BROWSER_DSN), the shell calls enableErrorTracking() and @sentry/browser is fetched (its own
 * chunk) and started; reportAppError() then also sends each error there, with the failed answer's
 * request id. Without a DSN the SDK is never downloaded and nothing is sent anywhere.
 */
type Capture = (error: Error, tags: Record<string, string>) => void;
let capture: Capture | null = null;

export interface ErrorTrackingOptions {
  dsn: string;
  environment: string;
  release?: string;
  /** Tests hand a transport that keeps the envelopes (the SDK's own extension point). */
  transport?: BrowserOptions['transport'];
}

export async function enableErrorTracking({
  dsn,
  environment,
  release,
  transport,
}: ErrorTrackingOptions): Promise<void> {
  const Sentry = await import('@sentry/browser');
  Sentry.init({
    dsn,
    environment,
    release,
    // Errors only, reported by our own handlers (reportAppError): no global handlers, no tracing, no replay, no personal data.
    defaultIntegrations: false,
    integrations: [Sentry.linkedErrorsIntegration(), Sentry.dedupeIntegration()],
    tracesSampleRate: 0,
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    ...(transport ? { transport } : {}),
  });
  capture = (error, tags) =>
    Sentry.withScope((scope) => {
      scope.setTags(tags);
      Sentry.captureException(error);
    });
}

/** Sends one reported error when tracking is on; does nothing otherwise. */
export function captureTrackedError(
  report: { message: string; stack?: string },
  tags: Record<string, string | undefined>,
): void {
  if (!capture) return;
  const error = new Error(report.message);
  if (report.stack) error.stack = report.stack;
  capture(
    error,
    Object.fromEntries(Object.entries(tags).filter((e): e is [string, string] => typeof e[1] === 'string')),
  );
}

/** Whether enableErrorTracking() has run (diagnostics, tests). */
export const errorTrackingEnabled = (): boolean => capture !== null;
