import { errorToReport, reportAppError } from '@leadsmith/shared/core';

/** Unhandled errors anywhere on the page go to the error-log call (spec §7, §8). */
export function installGlobalErrorHandlers(): void {
  window.addEventListener('error', (event) => {
    reportAppError({
      ...errorToReport(event.error ?? event.message),
      info: { source: event.filename, line: event.lineno },
    });
  });
  window.addEventListener('unhandledrejection', (event) => {
    reportAppError({ ...errorToReport(event.reason), info: { kind: 'unhandledrejection' } });
  });
}
