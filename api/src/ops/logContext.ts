import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * What every log line of queued work carries: the pg-boss job id and its kind. Requests already
 * carry their `reqId` (Fastify's child logger per request); a job has no request, so the queue runs
 * its handler inside this store and the logger's mixin (app.ts) adds it to each line written there.
 */
export interface JobLogContext {
  jobId: string;
  jobKind: string;
}

const jobContext = new AsyncLocalStorage<JobLogContext>();

export function runInJobContext<T>(context: JobLogContext, fn: () => Promise<T>): Promise<T> {
  return jobContext.run(context, fn);
}

/** pino's `mixin`: the fields merged into every log line (the running job's, when there is one). */
export function logMixin(): Partial<JobLogContext> {
  return jobContext.getStore() ?? {};
}

/** Header a caller or proxy may send its own request id in; every answer carries the id back in it. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** An incoming id is kept only when it is short and plain (it lands in logs and answers as is). */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Fastify's `genReqId`: the proxy's or caller's `X-Request-Id` when sane, else a random UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  const value = Array.isArray(given) ? given[0] : given;
  return value && SAFE_REQUEST_ID.test(value) ? value : randomUUID();
}
