import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics (prom-client), served at GET /metrics (ops/metricsRoute.ts).
 *
 * Counters and histograms count what happened in this process (HTTP answers, jobs run, provider
 * calls, credits spent, emails sent): each process exposes its own and Prometheus sums them over
 * `instance`. Gauges read from the database at scrape time (queue depth) are the same in every
 * process: take `max()` of them, not `sum()`.
 */
export const metricsRegistry = new Registry();
metricsRegistry.setDefaultLabels({ service: 'leadsmith-api' });
// Process CPU, memory, event-loop lag, handles (prom-client's defaults, prefixed like ours).
collectDefaultMetrics({ register: metricsRegistry, prefix: 'leadsmith_' });

/** Seconds from request to answer; the histogram's buckets fit an API whose answers take 1 ms–10 s. */
export const httpDuration = new Histogram({
  name: 'leadsmith_http_request_duration_seconds',
  help: 'HTTP request duration by method, route pattern and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const httpErrors = new Counter({
  name: 'leadsmith_http_errors_total',
  help: 'HTTP answers with a 4xx or 5xx status by method, route pattern and status class',
  labelNames: ['method', 'route', 'status_class'] as const,
  registers: [metricsRegistry],
});

export const jobDuration = new Histogram({
  name: 'leadsmith_job_duration_seconds',
  help: 'Duration of one attempt of a queued job, by kind and outcome (completed or failed)',
  labelNames: ['kind', 'outcome'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
  registers: [metricsRegistry],
});

export const jobFailures = new Counter({
  name: 'leadsmith_job_failures_total',
  help: "Attempts of queued jobs that threw (pg-boss retries them up to their kind's retry limit), by kind",
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

export const providerCalls = new Counter({
  name: 'leadsmith_provider_calls_total',
  help: 'Calls to lead-data sources, by source',
  labelNames: ['source'] as const,
  registers: [metricsRegistry],
});

export const paymentRefusals = new Counter({
  name: 'leadsmith_payment_provider_refusals_total',
  help: "Requests the payment provider refused that were not the card's doing (an invalid or unauthorised request, a missing object): charged nothing, reported to the payer as not collected; by provider, error type and code",
  labelNames: ['provider', 'type', 'code'] as const,
  registers: [metricsRegistry],
});

export const providerErrors = new Counter({
  name: 'leadsmith_provider_errors_total',
  help: 'Failed calls to lead-data sources, by source and error code (rate_limited, key_refused, unavailable, ...)',
  labelNames: ['source', 'code'] as const,
  registers: [metricsRegistry],
});

export const creditsSpent = new Counter({
  name: 'leadsmith_credits_spent_total',
  help: 'Credits spent (committed spends only), by wallet bucket (monthly, additional, rolled_over)',
  labelNames: ['bucket'] as const,
  registers: [metricsRegistry],
});

export const emailsSent = new Counter({
  name: 'leadsmith_emails_sent_total',
  help: 'Emails handed to an SMTP server, by route (platform_smtp or reseller_smtp)',
  labelNames: ['route'] as const,
  registers: [metricsRegistry],
});

export const emailsFailed = new Counter({
  name: 'leadsmith_emails_failed_total',
  help: 'Email send attempts that failed; final="true" when no retry is left and the email is recorded as failed',
  labelNames: ['final'] as const,
  registers: [metricsRegistry],
});
