import { statSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { OUTBOUND_ALLOW_ENV, outboundAllowList, REPLACED_ALLOW_VARIABLES } from './net/outbound';
import { PROCESS_ROLES, type ProcessRole } from './queue/jobQueue';
import { objectStorageConfig, type ObjectStorageConfig } from './storage/config';
import { ConfigError } from './configError';

/** Thrown for a bad environment variable; the message always names the key. */
export { ConfigError };

/** Everything the API reads from the environment, parsed once at start. */
export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** `postgres://…` switches from the embedded PGlite to a PostgreSQL server. */
  databaseUrl: string | null;
  /** PGlite data folder; `:memory:` keeps everything in memory (tests). */
  dataDir: string;
  tokenTtlHours: number;
  /** Signs `hash_hmac` for the third-party chat widget (spec §7): the operator's Intercom identity verification secret. */
  chatWidgetSecret: string;
  /** CHAT_WIDGET_APP_ID: the operator's Intercom workspace, the support chat of users no reseller serves; unset: none. */
  chatWidgetAppId?: string | null;
  /** Keys the HMAC of emailed codes, so a leaked table cannot be brute-forced offline. */
  appSecret: string;
  /** Folder holding `shell/` and the `mfe-*` folders; `null` serves no web files. */
  webRoot: string | null;
  /** Exposes GET /api/dev/outbox so end-to-end tests can read emailed codes. */
  devMailbox: boolean;
  /**
   * TEST_CLOCK=1: the app clock can be moved forward through POST /api/dev/clock (end-to-end tests of
   * renewals). Refused in production.
   */
  testClock?: boolean;
  /** The shell's CSP also allows scripts from http://localhost:* and http://127.0.0.1:* (remote dev servers); only when asked for. */
  cspDevLoopback: boolean;
  /** Insert the demo accounts at start (see README). */
  seedDemo: boolean;
  /**
   * Which X-Forwarded-For entries to believe for the client IP: false (none), a hop count (the
   * client is that many proxies back from the last entry), or the proxies' addresses/CIDR ranges.
   * Never "the first entry": the client writes it.
   */
  trustProxy: false | number | string[];
  logLevel: LogLevel;
  /** `smtp://user:pass@host:port`; without it mail only lands in the outbound_emails outbox. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Per IP, per minute, for POST /api/log-app-error. */
  logErrorRateLimit: number;
  /** `PROCESS_ROLE`: web (HTTP, enqueues only), worker (runs queued work) or all (both, the default). */
  processRole: ProcessRole;
  /** S3_BUCKET, S3_ENDPOINT, …: uploaded files in object storage; absent or null: in the database. */
  objectStorage?: ObjectStorageConfig | null;
  /** API_RATE_LIMIT_PER_MINUTE: requests per account per minute on the public API with an API key (all its routes together). */
  apiRateLimitPerMinute?: number;
  /** SENTRY_DSN: unexpected errors go to this Sentry-compatible endpoint; unset: nothing is sent anywhere. */
  sentryDsn?: string | null;
  /** SENTRY_BROWSER_DSN: the same for the web app (never the server's by default: it may be a different project). */
  sentryBrowserDsn?: string | null;
  /** METRICS_TOKEN: GET /metrics answers a scraper sending it as a bearer token; unset: no /metrics route. */
  metricsToken?: string | null;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Requests per minute an account may make on the public API with its API keys (API_RATE_LIMIT_PER_MINUTE). */
export const DEFAULT_API_RATE_LIMIT_PER_MINUTE = 120;

/** An Intercom app (workspace) id: letters and digits (CHAT_WIDGET_APP_ID and a reseller's chat widget). */
export const CHAT_WIDGET_APP_ID = /^[A-Za-z0-9]{4,40}$/;
export const DEV_CHAT_WIDGET_SECRET = 'leadsmith-dev-chat-widget-secret';
export const DEV_APP_SECRET = 'leadsmith-dev-app-secret';

type Env = Readonly<Record<string, string | undefined>>;

/** An unset or empty variable counts as "not given". */
function raw(env: Env, key: string): string | undefined {
  const value = env[key];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function int(env: Env, key: string, fallback: number, min: number, max: number): number {
  const value = raw(env, key);
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw new ConfigError(key, `expected an integer, got "${value}"`);
  const n = Number(value);
  if (n < min || n > max) throw new ConfigError(key, `expected an integer between ${min} and ${max}, got ${n}`);
  return n;
}

function bool(env: Env, key: string, fallback: boolean): boolean {
  const value = raw(env, key);
  if (value === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(value.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(value.toLowerCase())) return false;
  throw new ConfigError(key, `expected 1/0 or true/false, got "${value}"`);
}

/** TRUST_PROXY: `0` (default), a hop count `1`–`10`, or a comma list of proxy addresses / CIDR ranges. */
function trustProxy(env: Env): false | number | string[] {
  const value = raw(env, 'TRUST_PROXY');
  if (value === undefined || value === '0') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new ConfigError('TRUST_PROXY', `expected at most 10 proxy hops, got ${hops}`);
    return hops;
  }
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, bits] = entry.split('/');
    const family = isIP(address!);
    const prefixOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!family || !prefixOk)
      throw new ConfigError(
        'TRUST_PROXY',
        `expected 0, a hop count, or proxy addresses/CIDR ranges; "${entry}" is none of these`,
      );
  }
  return entries;
}

/** A Sentry DSN: `https://<public key>@<host>/<project id>` (plain http for a local endpoint). */
function dsn(env: Env, key: string): string | null {
  const value = raw(env, key);
  if (value === undefined) return null;
  let url: URL | null;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  if (!url || !/^https?:$/.test(url.protocol) || !url.username || !/^\/(.*\/)?\d+$/.test(url.pathname))
    throw new ConfigError(key, 'expected a DSN like https://<key>@<host>/<project id>');
  return value;
}

function oneOf<T extends string>(env: Env, key: string, allowed: readonly T[], fallback: T): T {
  const value = raw(env, key);
  if (value === undefined) return fallback;
  const found = allowed.find((a) => a === value);
  if (!found) throw new ConfigError(key, `expected one of ${allowed.join(', ')}, got "${value}"`);
  return found;
}

function directory(key: string, value: string): string {
  const resolved = path.resolve(value);
  const isDir = (() => {
    try {
      return statSync(resolved).isDirectory();
    } catch {
      return false;
    }
  })();
  if (!isDir) throw new ConfigError(key, `"${resolved}" is not a directory`);
  return resolved;
}

/**
 * Parses the environment. Fails loudly (ConfigError naming the key) rather
 * than starting with a half-understood setting.
 * @param repoRoot default web root and parent of the default `.data/pglite` folder
 */
export function loadConfig(env: Env, repoRoot: string): Config {
  const nodeEnv = oneOf(env, 'NODE_ENV', ['development', 'production', 'test'], 'development');
  const production = nodeEnv === 'production';

  const databaseUrl = raw(env, 'DATABASE_URL') ?? null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\/.+/.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL', 'expected a postgres:// or postgresql:// URL');
  }

  const dataDirRaw = raw(env, 'DATA_DIR');
  const dataDir =
    dataDirRaw === undefined
      ? path.join(repoRoot, '.data', 'pglite')
      : dataDirRaw === ':memory:'
        ? ':memory:'
        : path.resolve(dataDirRaw);

  const serveWeb = bool(env, 'SERVE_WEB', true);
  const webRootRaw = raw(env, 'WEB_ROOT');
  const webRoot = !serveWeb ? null : webRootRaw !== undefined ? directory('WEB_ROOT', webRootRaw) : repoRoot;

  const chatWidgetSecret = raw(env, 'CHAT_WIDGET_SECRET') ?? DEV_CHAT_WIDGET_SECRET;
  const appSecret = raw(env, 'APP_SECRET') ?? DEV_APP_SECRET;
  const chatWidgetAppId = raw(env, 'CHAT_WIDGET_APP_ID') ?? null;
  if (chatWidgetAppId !== null && !CHAT_WIDGET_APP_ID.test(chatWidgetAppId))
    throw new ConfigError('CHAT_WIDGET_APP_ID', 'expected an Intercom app id (letters and digits)');
  // The dev defaults are public (they are in this file): refuse them in production.
  if (production && chatWidgetSecret === DEV_CHAT_WIDGET_SECRET)
    throw new ConfigError('CHAT_WIDGET_SECRET', 'must be set in production');
  if (production && appSecret === DEV_APP_SECRET) throw new ConfigError('APP_SECRET', 'must be set in production');
  if (appSecret.length < 16) throw new ConfigError('APP_SECRET', 'must be at least 16 characters');

  const devMailbox = bool(env, 'DEV_MAILBOX', false);
  const cspDevLoopback = bool(env, 'CSP_DEV_LOOPBACK', false);
  if (production && cspDevLoopback)
    throw new ConfigError(
      'CSP_DEV_LOOPBACK',
      'lets loopback scripts run in the page and cannot be enabled in production',
    );
  if (production && devMailbox)
    throw new ConfigError('DEV_MAILBOX', 'exposes emailed codes and cannot be enabled in production');
  const testClock = bool(env, 'TEST_CLOCK', false);
  if (production && testClock)
    throw new ConfigError('TEST_CLOCK', 'moves the app clock and cannot be enabled in production');

  // The platform's terms document, linked from the accept-terms step (users.ts platformTermsUrl).
  const termsUrl = raw(env, 'TERMS_URL');
  if (termsUrl !== undefined && !/^https?:\/\/\S+$/.test(termsUrl))
    throw new ConfigError('TERMS_URL', 'expected an http:// or https:// URL of the terms document');

  const smtpUrl = raw(env, 'SMTP_URL') ?? null;
  if (smtpUrl !== null && !/^smtps?:\/\/.+/.test(smtpUrl))
    throw new ConfigError('SMTP_URL', 'expected an smtp:// or smtps:// URL');

  // One allow list for every outbound connection (api/src/net/outbound.ts); the old per-area lists are gone.
  for (const key of REPLACED_ALLOW_VARIABLES) {
    if (raw(env, key) !== undefined)
      throw new ConfigError(key, `was replaced by ${OUTBOUND_ALLOW_ENV} (one list for every outbound connection)`);
  }
  try {
    outboundAllowList(env);
  } catch (error) {
    throw new ConfigError(OUTBOUND_ALLOW_ENV, error instanceof Error ? error.message : 'invalid');
  }

  const sentryDsn = dsn(env, 'SENTRY_DSN');
  const sentryBrowserDsn = dsn(env, 'SENTRY_BROWSER_DSN');
  const metricsToken = raw(env, 'METRICS_TOKEN') ?? null;
  if (metricsToken !== null && metricsToken.length < 16)
    throw new ConfigError('METRICS_TOKEN', 'must be at least 16 characters');

  const mailFrom = raw(env, 'MAIL_FROM') ?? 'Leadsmith <no-reply@leadsmith.test>';

  return {
    nodeEnv,
    port: int(env, 'PORT', 8080, 1, 65535),
    host: raw(env, 'HOST') ?? '127.0.0.1',
    databaseUrl,
    dataDir,
    tokenTtlHours: int(env, 'TOKEN_TTL_HOURS', 720, 1, 24 * 366),
    chatWidgetSecret,
    chatWidgetAppId,
    appSecret,
    webRoot,
    devMailbox,
    testClock,
    cspDevLoopback,
    seedDemo: bool(env, 'SEED_DEMO', !production),
    trustProxy: trustProxy(env),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, nodeEnv === 'test' ? 'silent' : 'info'),
    smtpUrl,
    mailFrom,
    logErrorRateLimit: int(env, 'LOG_ERROR_RATE_LIMIT', 60, 1, 100_000),
    processRole: oneOf(env, 'PROCESS_ROLE', PROCESS_ROLES, 'all'),
    objectStorage: objectStorageConfig(env, (key, message) => new ConfigError(key, message)),
    metricsToken,
    sentryDsn,
    sentryBrowserDsn,
    apiRateLimitPerMinute: int(env, 'API_RATE_LIMIT_PER_MINUTE', DEFAULT_API_RATE_LIMIT_PER_MINUTE, 1, 1_000_000),
  };
}

/** The repository root, from either api/src (ts) or api/dist (built js). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');
