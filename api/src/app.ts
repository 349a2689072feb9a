import AjvCompiler, { type BuildCompilerFromPool } from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCors from '@fastify/cors';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { movableClock, systemClock, type Clock } from './clock';
import { DEFAULT_API_RATE_LIMIT_PER_MINUTE, type Config } from './config';
import type { Db } from './db';
import { createAuthHooks } from './http/auth';
import type { AppDeps } from './http/context';
import { ApiError } from './http/errors';
import { installErrorHandling } from './http/errorHandler';
import { databaseRateLimitStore } from './http/rateLimitStore';
import { installRouteAccess } from './http/routeAccess';
import { registerOpenApi } from './http/openapi';
import { installResponseFieldCheck } from './http/responseFieldCheck';
import { DEFAULT_LANGUAGE, parseLanguageHeader } from './i18n/messages';
import { createMailer, type Mailer } from './mail/mailer';
import { registerWeb } from './web/static';
import { coreDevRoutes, coreRoutes } from './modules/core';
import { requestApiKey } from './modules/settings/apiKeyAuth.routes';
import { settingsRoutes } from './modules/settings';
import { leadSearchRoutes } from './modules/leadSearch';
import { aiRoutes } from './modules/ai';
import { whitelabelRoutes } from './modules/whitelabel';
import { adminRoutes } from './modules/admin';
import { aiModelReadRoutes } from './modules/admin/aiModel.routes';
import { deliveryRoutes } from './modules/delivery';
import { createJobQueue } from './queue/jobQueue';
import { logMixin, REQUEST_ID_HEADER, requestIdOf } from './ops/logContext';
import { installHttpMetrics } from './ops/metricsRoute';
import { installMaintenanceMode } from './ops/maintenance';
import type { ErrorTracker } from './ops/errorTracking';
import { defineWorkers } from './workers';

/** The API's version as the OpenAPI document states it (api/package.json). */
export const API_VERSION: string = (
  JSON.parse(readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as { version: string }
).version;

export interface BuildAppOptions {
  db: Db;
  config: Config;
  /** Tests pass a fake clock to move time instead of sleeping. */
  clock?: Clock;
  mailer?: Mailer;
  /** Unexpected errors (500s, failed job attempts) go here when SENTRY_DSN is set (ops/errorTracking.ts). */
  errorTracker?: ErrorTracker | null;
  /** Where log lines go (stdout when absent); tests collect them to check what every line carries. */
  logStream?: NodeJS.WritableStream;
}

/** Body parsing: JSON only; an empty JSON body reads as "no body" rather than a parse error. */
function installJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}

/** The public API: the routes that accept an API key (Settings data: business profile and training). */
export const PUBLIC_API = /^\/api\/(business-details\/|get-all-openai-default-questions$)/;

const trustHops =
  (hops: number) =>
  (_address: string, hop: number): boolean =>
    hop < hops;

type CompileRoute = (route: { httpPart?: string }) => unknown;
type BuildFromPool = (externalSchemas: unknown, options: { customOptions?: Record<string, unknown> }) => CompileRoute;
const validatorPool = AjvCompiler() as unknown as BuildFromPool;

/** The API's Ajv options (a route's schemas compile with these: schemas-compile.test.ts compiles every route's). */
export const AJV_OPTIONS = {
  // Unknown properties are refused with a named field, not silently dropped.
  removeAdditional: false,
  // A form wants every field's problem at once.
  allErrors: true,
  // Path, query and headers arrive as text: "2" is read as 2 there, and `?id=2` as [2].
  // Bodies are JSON and never coerced (see bodyNotCoerced below).
  coerceTypes: 'array',
  useDefaults: true,
  // `type: ['string', 'null']` for optional fields the browser may send as null.
  allowUnionTypes: true,
} as const;

type Validate = ((data: unknown, dataCxt?: unknown) => unknown) & { errors?: unknown; schemaEnv?: unknown };

/**
 * A route's validator, compiled when a request first needs it. Compiling all ~420 routes' validators and
 * serializers took about 1.7 s of each app's start (a CPU profile of the API tests, which build hundreds of apps
 * and call a few routes each); a process now pays only for the routes it serves, a few milliseconds each, once.
 * A schema that does not compile no longer stops the start: schemas-compile.test.ts compiles every route's.
 * Fastify reads `errors` after a call and hands Ajv the parent object (to coerce a query's root value) when the
 * function has a `schemaEnv`: both are passed through.
 */
function compiledOnFirstUse(compile: () => Validate): Validate {
  let compiled: Validate | undefined;
  const validate: Validate = (data, dataCxt) => {
    compiled ??= compile();
    const result = compiled(data, dataCxt);
    validate.errors = compiled.errors;
    return result;
  };
  // Ajv's validators have one; Fastify only tests it to decide whether to pass the parent object.
  validate.schemaEnv = true;
  return validate;
}

/**
 * A JSON body is validated as sent: no `true` becomes the id 1, no `"2"` the list [2] (a bulk delete
 * once deleted a list that way). Only the parts that are text on the wire (params, querystring,
 * headers) get the configured coercion.
 */
const bodyNotCoerced = ((externalSchemas, options = {}) => {
  const textParts = validatorPool(externalSchemas, options);
  const body = validatorPool(externalSchemas, {
    ...options,
    customOptions: { ...options.customOptions, coerceTypes: false },
  });
  return (route) => compiledOnFirstUse(() => (route.httpPart === 'body' ? body(route) : textParts(route)) as Validate);
}) as BuildFromPool as unknown as BuildCompilerFromPool;

type Serialize = (data: unknown) => string;
const serializerPool = SerializerSelector();

/** A route's response serializers, compiled when a reply first needs them (see compiledOnFirstUse). */
const serializedOnFirstUse = ((externalSchemas: unknown, options: unknown) => {
  const compile = (serializerPool as unknown as (e: unknown, o: unknown) => (route: unknown) => Serialize)(
    externalSchemas,
    options,
  );
  return (route: unknown): Serialize => {
    let compiled: Serialize | undefined;
    return (data) => (compiled ??= compile(route))(data);
  };
}) as unknown as ReturnType<typeof SerializerSelector>;

/**
 * The API as a Fastify instance (not listening). Tests drive it with
 * `app.inject`; server.ts adds listen and shutdown. The caller owns `db`.
 */
export function buildApp({
  db,
  config,
  clock: givenClock = systemClock,
  mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }),
  logStream,
  errorTracker = null,
}: BuildAppOptions): FastifyInstance {
  const app = Fastify({
    // Every line of a request carries its reqId (Fastify's child logger); lines written while a job
    // runs carry its jobId and jobKind (the mixin, ops/logContext.ts).
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, mixin: logMixin, ...(logStream ? { stream: logStream } : {}) },
    requestIdHeader: false,
    genReqId: requestIdOf,
    // A hop count trusts the socket's peer and the entries it and the proxies before it appended
    // (proxy-addr numbers hops from the socket); Fastify's own numeric option trusts nothing.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 256 * 1024,
    ajv: { customOptions: AJV_OPTIONS },
    schemaController: { compilersFactory: { buildValidator: bodyNotCoerced, buildSerializer: serializedOnFirstUse } },
  });

  // TEST_CLOCK: a clock end-to-end tests move forward (POST /api/dev/clock); never in production (config refuses it).
  const movable = config.testClock ? movableClock(givenClock) : null;
  const clock: Clock = movable ?? givenClock;
  const queue = createJobQueue({
    db,
    role: config.processRole,
    onError: (error, context) => app.log.error({ err: error }, `${context} failed`),
    onJobFailed: (error, kind) => {
      app.log.warn({ err: error }, `job ${kind} attempt failed`);
      errorTracker?.capture(error, { job_kind: kind, job_id: logMixin().jobId ?? '' });
    },
  });
  const deps: AppDeps = { db, config, clock, mailer, queue };
  defineWorkers(queue, deps);
  app.decorate('queue', queue);
  // The queue's tables exist and its workers poll once the app is ready; closing stops them first.
  app.addHook('onReady', async () => {
    await queue.start();
  });
  app.addHook('onClose', async () => {
    await queue.stop();
  });
  const hooks = createAuthHooks(deps);
  app.decorate('deps', deps);
  app.decorate('requireAuth', hooks.requireAuth);
  app.decorate('optionalAuth', hooks.optionalAuth);
  app.decorate('requireModule', hooks.requireModule);
  app.decorateRequest('lang', DEFAULT_LANGUAGE);
  app.decorateRequest('user', null);
  // Every route states its access (http/routeAccess.ts); team members are held to it.
  installRouteAccess(app, clock);
  // Maintenance mode: 503 for everyone but the super admin (after each route's own sign-in hooks).
  installMaintenanceMode(app, db);

  installHttpMetrics(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    request.lang = parseLanguageHeader(request.headers['user-language']) ?? DEFAULT_LANGUAGE;
    reply.header('x-content-type-options', 'nosniff');
    // Served over HTTPS (directly, or per a trusted proxy's X-Forwarded-Proto): browsers keep to HTTPS for a year.
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
  // No API answer may be framed (clickjacking); pages that set their own policy (the shell, sales pages, API docs) keep it.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', "frame-ancestors 'none'");
    if (!reply.hasHeader('x-frame-options')) reply.header('x-frame-options', 'DENY');
    return payload;
  });
  // CORS on purpose: only the public API (routes that take an API key) answers other origins, with
  // any origin and no credentials (keys and tokens travel in headers, never cookies). The app's own
  // routes stay same-origin.
  void app.register(fastifyCors, {
    delegator: (request, callback) => {
      const publicApi = PUBLIC_API.test(request.url.split('?')[0] ?? '');
      callback(
        null,
        publicApi
          ? {
              origin: '*',
              credentials: false,
              methods: ['GET', 'POST', 'PUT', 'DELETE'],
              allowedHeaders: ['authorization', 'x-api-key', 'content-type', 'user-language'],
              maxAge: 600,
            }
          : { origin: false },
      );
    },
  });
  // A POST without a body validates as `{}`, so the answer lists the missing fields.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {};
  });

  installJsonParser(app);
  installErrorHandling(app, errorTracker);
  if (config.nodeEnv === 'test') installResponseFieldCheck(app);

  void app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  // The public API (routes that take an API key): one budget per account per minute across all of its
  // routes, counted in the same shared store, for calls made with a key (the app's own screens, with a
  // session, are not counted here). Set on the routes before the rate-limit plugin reads them.
  const publicApiLimit = {
    max: config.apiRateLimitPerMinute ?? DEFAULT_API_RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    // After the route's sign-in hook: the key's account is known.
    hook: 'preHandler',
    storeScope: 'public-api',
    keyGenerator: (request: FastifyRequest) => `account:${request.user?.id ?? 0}`,
    allowList: (request: FastifyRequest) => requestApiKey(request) === null || request.user === null,
  };
  app.addHook('onRoute', (route) => {
    if (!PUBLIC_API.test(route.url)) return;
    const own = route.config as { rateLimit?: unknown } | undefined;
    if (own?.rateLimit === undefined) route.config = { ...own, rateLimit: publicApiLimit } as typeof route.config;
  });
  void app.register(fastifyRateLimit, {
    global: false,
    // The IETF draft's headers (RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset; Retry-After on 429).
    enableDraftSpec: true,
    // Counted in the database: one limit across every API process, kept over a restart.
    store: databaseRateLimitStore(db, clock),
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, 'rate_limited', { extra: { retry_after_seconds: Math.ceil(context.ttl / 1000) } }),
  });

  registerOpenApi(app, { version: API_VERSION });

  // Routes go in after the plugins above have loaded (rate-limit reads route config on registration).
  void app.register(async (api) => {
    coreRoutes(api, deps);
    settingsRoutes(api, deps);
    leadSearchRoutes(api, deps);
    aiRoutes(api, deps);
    whitelabelRoutes(api, deps);
    adminRoutes(api, deps);
    aiModelReadRoutes(api, deps);
    deliveryRoutes(api, deps);
    coreDevRoutes(api, deps, { devMailbox: config.devMailbox, movable });
    if (config.webRoot) registerWeb(api, config.webRoot);
  });

  return app;
}
