import { sparql } from './wikidataProvider';
import type { Db, Queryable } from '../../db';
import { openToken, sealToken } from '../crm/tokenBox';
import { installLeadSources } from './index';
import { googleStatuses } from './googlePlacesProvider';
import { hunterStatuses } from './hunterProvider';
import { NOMINATIM_PACE } from './osmProvider';
import { YOUTUBE_QUOTA_UNITS, youtubeStatuses } from './youtubeProvider';
import {
  LEAD_SOURCE_IDS,
  SOURCE_CANDIDATES,
  effectiveKey,
  type LeadSourceExtras,
  type LeadSourceId,
  type LeadSourceSettings,
  type OrderedUse,
} from './leadSources';
import { KEYED_SOURCES, loadLeadSourcesConfig, type KeyedSourceId, type LeadSourcesConfig } from './sourceConfig';
import { providerCalls, providerErrors } from '../../ops/metrics';
import { defaultSourceDeps, LeadSourceError, requestJson, type SourceDeps } from './sourceHttp';
import {
  addUsage,
  costRows,
  orderRows,
  settingRows,
  upsertOrder,
  upsertSetting,
  usageRows,
  versionRow,
} from './sourceSettings.repository';

/**
 * The super admin's lead-source settings (Admin → Searchers): the three `lead_source_*` tables
 * (their SQL in sourceSettings.repository.ts), and the reload that plugs the resulting providers in. Keys are sealed
 * with the app secret (AES-256-GCM, the CRM tokens' helper) and never leave the API.
 */
export const isLeadSourceId = (v: string): v is LeadSourceId => (LEAD_SOURCE_IDS as readonly string[]).includes(v);
export const isKeyedSource = (v: string): v is KeyedSourceId => (KEYED_SOURCES as readonly string[]).includes(v);

export async function loadLeadSourceSettings(db: Queryable, secret: string): Promise<LeadSourceSettings> {
  const rows = await settingRows(db);
  const orders = await orderRows(db);
  const keys: LeadSourceSettings['keys'] = {};
  for (const row of rows) {
    const key = isKeyedSource(row.source) ? openToken(secret, row.api_key_sealed) : null;
    if (key && isKeyedSource(row.source)) keys[row.source] = key;
  }
  return {
    disabled: rows.filter((r) => !r.enabled && isLeadSourceId(r.source)).map((r) => r.source as LeadSourceId),
    keys,
    order: Object.fromEntries(
      orders
        .filter((o) => o.search_type in SOURCE_CANDIDATES)
        .map((o) => [o.search_type, o.sources.filter(isLeadSourceId)]),
    ),
  };
}

/**
 * The settings' version: it moves with every change made in Admin → Searchers, in the same statement
 * as the change, so every API process sees it move and rebuilds its sources (`refreshLeadSources`).
 */
export async function leadSourceVersion(db: Queryable): Promise<number> {
  return (await versionRow(db)) ?? 0;
}

/**
 * Switches a source on or off, sets its key (`null` removes the admin's key; the environment's
 * stays) and/or its cost per call in USD (`null` clears it).
 */
export async function saveLeadSource(
  db: Queryable,
  secret: string,
  id: LeadSourceId,
  change: { enabled?: boolean; api_key?: string | null; cost_per_call?: number | null },
): Promise<void> {
  const sealed =
    change.api_key === undefined ? undefined : change.api_key === null ? null : sealToken(secret, change.api_key);
  await upsertSetting(db, id, { enabled: change.enabled, sealedKey: sealed, costPerCall: change.cost_per_call });
}

/** Each source's cost per call (USD) as the admin set it; a source without one is absent. */
export async function leadSourceCosts(db: Queryable): Promise<Record<string, number>> {
  const rows = await costRows(db);
  return Object.fromEntries(rows.map((r) => [r.source, Number(r.cost_per_call)]));
}

export async function saveLeadSourceOrder(
  db: Queryable,
  use: OrderedUse,
  sources: readonly LeadSourceId[],
): Promise<void> {
  await upsertOrder(db, use, sources);
}

export const usageMonth = (at: Date) => at.toISOString().slice(0, 7);

/** Counts one call of a source this month, and the vendor's units it used; a failure also becomes its last error. */
export async function recordLeadSourceCall(
  db: Queryable,
  source: string,
  at: Date,
  error: LeadSourceError | null,
  units = 0,
): Promise<void> {
  await addUsage(db, source, usageMonth(at), error ? { code: error.code, at } : null, units);
}

export interface LeadSourceUsage {
  calls: number;
  failures: number;
  /** The vendor's own units used (YouTube quota units); 0 where the vendor gives none. */
  units: number;
  last_error: string | null;
  last_error_at: string | null;
}

export async function leadSourceUsage(db: Queryable, month: string): Promise<Record<string, LeadSourceUsage>> {
  const rows = await usageRows(db, month);
  return Object.fromEntries(
    rows.map((r) => [
      r.source,
      {
        calls: r.calls,
        failures: r.failures,
        units: r.units,
        last_error: r.last_error,
        last_error_at: r.last_error_at ? new Date(r.last_error_at).toISOString() : null,
      },
    ]),
  );
}

/** Deps that count every call in `lead_source_usage` (best effort: a failed count never fails the search). */
export function countingDeps(
  db: Db,
  base: SourceDeps,
  onCountError: (error: unknown) => void = () => undefined,
): SourceDeps & { settled(): Promise<void> } {
  const pending = new Set<Promise<void>>();
  return {
    ...base,
    observe: (source, error, units) => {
      base.observe?.(source, error, units);
      providerCalls.inc({ source });
      if (error) providerErrors.inc({ source, code: error.code });
      // Usage months follow the wall clock (the sources' own quotas do), not a test's clock.
      const count = recordLeadSourceCall(db, source, new Date(), error, units ?? 0).catch(onCountError);
      pending.add(count);
      void count.finally(() => pending.delete(count));
    },
    settled: async () => {
      await Promise.all([...pending]);
    },
  };
}

/**
 * One cheap call that proves a source answers with its key (Admin → Searchers "check"): Nominatim
 * and Overpass tiny queries, Hunter's account, Apollo's health endpoint, Modash's user info,
 * YouTube's video categories (1 unit), IPinfo for a public resolver's address, a one-place Text Search,
 * a one-row SPARQL query to Wikidata.
 */
export async function checkLeadSource(
  id: LeadSourceId,
  config: LeadSourcesConfig,
  settings: LeadSourceSettings,
  deps: SourceDeps,
  extras: LeadSourceExtras = {},
): Promise<{ ok: true } | { ok: false; code: string }> {
  const url = (base: string, path: string) => new URL(path, base.endsWith('/') ? base : `${base}/`);
  try {
    if (isKeyedSource(id)) {
      const keyed = effectiveKey(id, config, settings);
      if (!keyed) return { ok: false, code: 'no_key' };
      const json = { 'content-type': 'application/json' };
      switch (id) {
        case 'hunter':
          await requestJson(
            deps,
            id,
            { method: 'GET', url: url(keyed.baseUrl, 'v2/account'), headers: { 'x-api-key': keyed.apiKey } },
            { retries: 0, classify: hunterStatuses },
          );
          break;
        case 'apollo':
          await requestJson(
            deps,
            id,
            { method: 'GET', url: url(keyed.baseUrl, 'v1/auth/health'), headers: { 'x-api-key': keyed.apiKey } },
            { retries: 0 },
          );
          break;
        case 'modash':
          await requestJson(
            deps,
            id,
            {
              method: 'GET',
              url: url(keyed.baseUrl, 'v1/user/info'),
              headers: { authorization: `Bearer ${keyed.apiKey}` },
            },
            { retries: 0 },
          );
          break;
        case 'youtube': {
          const target = url(keyed.baseUrl, 'youtube/v3/videoCategories');
          target.search = new URLSearchParams({ part: 'snippet', regionCode: 'US', key: keyed.apiKey }).toString();
          await requestJson(
            deps,
            id,
            { method: 'GET', url: target },
            { retries: 0, classify: youtubeStatuses, units: YOUTUBE_QUOTA_UNITS['youtube/v3/videoCategories'] },
          );
          break;
        }
        case 'ipinfo':
          await requestJson(
            deps,
            id,
            { method: 'GET', url: url(keyed.baseUrl, '1.1.1.1'), headers: { authorization: `Bearer ${keyed.apiKey}` } },
            { retries: 0 },
          );
          break;
        case 'google_places':
          await requestJson(
            deps,
            'google_places',
            {
              method: 'POST',
              url: url(keyed.baseUrl, 'v1/places:searchText'),
              headers: { ...json, 'x-goog-api-key': keyed.apiKey, 'x-goog-fieldmask': 'places.id' },
              body: JSON.stringify({ textQuery: 'cafe in London', pageSize: 1 }),
            },
            { retries: 0, classify: googleStatuses },
          );
          break;
      }
      return { ok: true };
    }
    if (!config.keyless) return { ok: false, code: 'keyless_off' };
    if (id === 'osm') {
      const search = url(config.nominatimUrl, 'search');
      search.search = new URLSearchParams({ q: 'London', format: 'jsonv2', limit: '1' }).toString();
      await NOMINATIM_PACE.take(deps);
      await requestJson(deps, 'osm', { method: 'GET', url: search }, { retries: 0 });
      await requestJson(
        deps,
        'osm',
        {
          method: 'POST',
          url: new URL(config.overpassUrl),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ data: '[out:json][timeout:5];node(1);out ids;' }).toString(),
        },
        { retries: 0 },
      );
      return { ok: true };
    }
    if (id === 'site') return extras.siteEmailFinder ? { ok: true } : { ok: false, code: 'not_installed' };
    if (id === 'wikidata') {
      await sparql(deps, config.wikidataSparqlUrl, 'SELECT ?ok WHERE { BIND(1 AS ?ok) }');
      return { ok: true };
    }
    return { ok: true };
  } catch (error) {
    if (error instanceof LeadSourceError) return { ok: false, code: error.code };
    throw error;
  }
}

let uninstallCurrent: (() => void) | null = null;

/** Everything the running process needs to rebuild its lead sources after an admin change. */
export interface LeadSourceRuntime {
  db: Db;
  secret: string;
  env?: Readonly<Record<string, string | undefined>>;
  extras?: LeadSourceExtras;
  deps?: SourceDeps;
}

let runtime: LeadSourceRuntime | null = null;
/** The settings' version the installed sources were built from. */
let loadedVersion: number | null = null;
/** At most how often this process reads the settings' version (start.ts: LEAD_SOURCES_REFRESH_SECONDS, 5 s). */
let refreshEveryMs = 5_000;
/** When this process last read it (Date.now()). */
let versionReadAt = 0;

/**
 * (Re)plugs the lead sources from the environment and the stored settings. Called at start-up,
 * after every change in Admin → Searchers in the process that made it, and by `refreshLeadSources`
 * in the other processes when the settings' version moved.
 */
export async function reloadLeadSources(next: LeadSourceRuntime | null = runtime): Promise<void> {
  if (!next) return;
  runtime = next;
  const config = loadLeadSourcesConfig(next.env ?? process.env);
  // Read before the settings: a change committed in between makes the next check reload again, never miss it.
  versionReadAt = Date.now();
  const version = await leadSourceVersion(next.db);
  const settings = await loadLeadSourceSettings(next.db, next.secret);
  uninstallCurrent?.();
  // No extras given: the installer's default (the keyless domain engine).
  uninstallCurrent = installLeadSources(
    config,
    next.extras,
    countingDeps(next.db, next.deps ?? defaultSourceDeps()),
    settings,
  );
  loadedVersion = version;
}

let checking: Promise<boolean> | null = null;

/**
 * Rebuilds this process's sources when another process changed the settings (the version moved
 * since they were loaded). One check at a time; true when it reloaded. A process that never
 * installed its sources (most tests) has nothing to refresh.
 */
export function refreshLeadSources(): Promise<boolean> {
  const current = runtime;
  if (!current) return Promise.resolve(false);
  checking ??= (async () => {
    try {
      versionReadAt = Date.now();
      if ((await leadSourceVersion(current.db)) === loadedVersion) return false;
      await reloadLeadSources(current);
      return true;
    } finally {
      checking = null;
    }
  })();
  return checking;
}

/** Sets how often, at most, `freshLeadSources` reads the settings' version (start.ts: LEAD_SOURCES_REFRESH_SECONDS). */
export function refreshLeadSourcesEvery(ms: number): void {
  refreshEveryMs = ms;
}

/**
 * Called where lead sources are about to be used (the new-search options, a search started or
 * stepped, an autopilot or workflow tick, an enrichment job): when this process last read the
 * settings' version more than LEAD_SOURCES_REFRESH_SECONDS ago, reads it and rebuilds the sources
 * if another process changed them. A process that uses no source reads nothing. Call it outside any
 * open transaction (on PGlite the read would wait for that transaction's connection).
 */
export async function freshLeadSources(): Promise<void> {
  if (!runtime || Date.now() - versionReadAt < refreshEveryMs) return;
  await refreshLeadSources();
}

export function leadSourceRuntime(): LeadSourceRuntime | null {
  return runtime;
}
