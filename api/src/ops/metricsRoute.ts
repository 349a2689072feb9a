import { createHash, timingSafeEqual } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Gauge, Registry } from 'prom-client';
import type { AppDeps } from '../http/context';
import { Empty, Type } from '../http/contract';
import { unauthenticated } from '../http/errors';
import { QUEUE_SCHEMA } from '../queue/jobQueue';
import { httpDuration, httpErrors, metricsRegistry } from './metrics';

export const METRICS_PATH = '/metrics';

/** The route label of a request: the registered pattern (`/api/campaigns/:id`), never the URL (unbounded labels). */
function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

/**
 * Latency and errors of every answer, by route pattern. Registered on the root instance before the
 * routes, so it sees every request (the metrics scrape itself included).
 */
export function installHttpMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = routeLabel(request);
    const status = reply.statusCode;
    httpDuration.observe({ method: request.method, route, status_code: String(status) }, reply.elapsedTime / 1000);
    if (status >= 400) httpErrors.inc({ method: request.method, route, status_class: `${Math.floor(status / 100)}xx` });
  });
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time. */
function tokenMatches(request: FastifyRequest, token: string): boolean {
  const sent = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
  return sent !== undefined && timingSafeEqual(digest(sent), digest(token));
}

/**
 * GET /metrics in Prometheus's text format, for a scraper holding METRICS_TOKEN (without the
 * variable the route is not registered: no metrics leave the process by accident). Process-wide
 * counters (ops/metrics.ts) plus gauges read from this app's database at scrape time.
 */
export function metricsRoutes(api: FastifyInstance, { db, config }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const token = config.metricsToken;
  if (!token) return;
  const scrapeTime = new Registry();
  new Gauge({
    name: 'leadsmith_queue_jobs',
    help: 'Jobs waiting (created, retry) or running (active) in the pg-boss queue, by kind and state; the same in every process',
    labelNames: ['kind', 'state'] as const,
    registers: [scrapeTime],
    async collect() {
      this.reset();
      const { rows } = await db.query<{ name: string; state: string; n: number }>(
        `SELECT name, state::text AS state, count(*)::int AS n FROM ${QUEUE_SCHEMA}.job WHERE state IN ('created', 'retry', 'active') GROUP BY name, state`,
      );
      for (const row of rows) this.set({ kind: row.name, state: row.state }, row.n);
    },
  });
  app.get(
    METRICS_PATH,
    {
      schema: {
        summary: 'Prometheus metrics (METRICS_TOKEN)',
        hide: true,
        querystring: Empty,
        response: { 200: Type.String() },
      },
    },
    async (request, reply) => {
      if (!tokenMatches(request, token)) throw unauthenticated();
      const body = (await metricsRegistry.metrics()) + (await scrapeTime.metrics());
      return reply.header('cache-control', 'no-store').type(metricsRegistry.contentType).send(body);
    },
  );
}
