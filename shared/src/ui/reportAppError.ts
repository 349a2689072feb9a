import axios from 'axios';
import { apiClient, type ApiErrorBody } from '../api/client';
import { captureTrackedError } from './errorTracking';

export interface AppErrorReport {
  message: string;
  stack?: string;
  info?: unknown;
  remote?: string;
  remote_version?: string;
  /** The request id of the failed API answer behind the error (its `request_id` / X-Request-Id): finds the server's log lines. */
  request_id?: string;
}

const recent = new Map<string, number>();
const DEDUPE_MS = 10_000;

/** POST /api/log-app-error (spec §7). Never throws; the same error is sent once per 10 s. */
export function reportAppError(report: AppErrorReport): void {
  const key = `${report.remote ?? 'shell'}|${report.message}`;
  const now = Date.now();
  if ((recent.get(key) ?? 0) > now - DEDUPE_MS) return;
  recent.set(key, now);
  const body = {
    message: report.message.slice(0, 2000) || 'Unknown error',
    stack: report.stack?.slice(0, 20000),
    info: typeof report.info === 'string' ? { detail: report.info.slice(0, 4000) } : report.info,
    remote: report.remote,
    remote_version: report.remote_version,
    url: window.location.href.slice(0, 2000),
    request_id: report.request_id?.slice(0, 128),
  };
  console.error('[leadsmith]', report.remote ?? 'shell', report.message, report.stack ?? '');
  apiClient.post('/api/log-app-error', body, { silent: true }).catch(() => undefined);
  captureTrackedError(report, {
    remote: report.remote ?? 'shell',
    remote_version: report.remote_version,
    request_id: report.request_id,
  });
}

/** The request id an API answer carried, in its body or its X-Request-Id header. */
function requestIdOf(error: unknown): string | undefined {
  if (!axios.isAxiosError<ApiErrorBody>(error)) return undefined;
  const header = error.response?.headers?.['x-request-id'] as unknown;
  return error.response?.data?.request_id ?? (typeof header === 'string' ? header : undefined);
}

export function errorToReport(error: unknown): Pick<AppErrorReport, 'message' | 'stack' | 'request_id'> {
  if (error instanceof Error) {
    const requestId = requestIdOf(error);
    return {
      message: error.message || error.name,
      stack: error.stack,
      ...(requestId ? { request_id: requestId } : {}),
    };
  }
  return { message: typeof error === 'string' ? error : JSON.stringify(error ?? 'Unknown error') };
}
