import { apiClient } from '../api/client';

export interface AppErrorReport {
  message: string;
  stack?: string;
  info?: unknown;
  remote?: string;
  remote_version?: string;
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
  };
  console.error('[leadsmith]', report.remote ?? 'shell', report.message, report.stack ?? '');
  apiClient.post('/api/log-app-error', body, { silent: true }).catch(() => undefined);
}

export function errorToReport(error: unknown): Pick<AppErrorReport, 'message' | 'stack'> {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack };
  return { message: typeof error === 'string' ? error : JSON.stringify(error ?? 'Unknown error') };
}
