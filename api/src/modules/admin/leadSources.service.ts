/** Admin → Searchers: the lead sources' overview (which key wins, what is on, usage and cost this month), their settings and checks. */
import type { Db } from '../../db';
import { unprocessable } from '../../http/errors';
import {
  defaultLeadSourceExtras,
  leadSourceStatus,
  loadLeadSourcesConfig,
  SEARCH_TYPES,
  type SearchType,
} from '../../providers/leads';
import {
  effectiveKey,
  LEAD_SOURCE_IDS,
  orderOf,
  SOURCE_CANDIDATES,
  type LeadSourceId,
  type OrderedUse,
} from '../../providers/leads/leadSources';
import { defaultSourceDeps } from '../../providers/leads/sourceHttp';
import {
  checkLeadSource,
  countingDeps,
  isKeyedSource,
  leadSourceCosts,
  leadSourceRuntime,
  leadSourceUsage,
  loadLeadSourceSettings,
  reloadLeadSources,
  saveLeadSource,
  saveLeadSourceOrder,
  usageMonth,
} from '../../providers/leads/sourceSettings';
import { USES, type LeadSourceDto } from './leadSources.schemas';

const env = () => leadSourceRuntime()?.env ?? process.env;
// Only a process that plugged its sources in (server start, or a test that did) rebuilds them; settings are stored either way.
const reload = async () => {
  if (leadSourceRuntime()) await reloadLeadSources();
};

/** Every source with its key (set, and where from; never the key), state, uses, usage and cost this month; the order per use; what serves each search type. */
export async function leadSourcesOverview(db: Db, appSecret: string) {
  const sourcesConfig = loadLeadSourcesConfig(env());
  const settings = await loadLeadSourceSettings(db, appSecret);
  const usage = await leadSourceUsage(db, usageMonth(new Date()));
  const costs = await leadSourceCosts(db);
  const sources: LeadSourceDto[] = LEAD_SOURCE_IDS.map((id) => {
    const keyed = isKeyedSource(id);
    const fromAdmin = keyed && Boolean(settings.keys[id]);
    const fromEnv = keyed && Boolean(effectiveKey(id, sourcesConfig, { ...settings, keys: {}, disabled: [] }));
    const u = usage[id];
    return {
      id,
      keyed,
      enabled: !settings.disabled.includes(id) && (keyed || sourcesConfig.keyless),
      key_set: fromAdmin || fromEnv,
      key_from: fromAdmin ? 'admin' : fromEnv ? 'environment' : null,
      serves: USES.filter((use) => SOURCE_CANDIDATES[use].includes(id)),
      calls_this_month: u?.calls ?? 0,
      failures_this_month: u?.failures ?? 0,
      units_this_month: u?.units ?? 0,
      cost_per_call: costs[id] ?? null,
      cost_this_month: costs[id] === undefined ? null : Math.round((u?.calls ?? 0) * costs[id] * 100) / 100,
      last_error: u?.last_error ?? null,
      last_error_at: u?.last_error_at ?? null,
    };
  });
  return {
    sources,
    order: Object.fromEntries(
      USES.map((use) => [use, orderOf(use, settings, use === 'email' ? sourcesConfig.emailWaterfall : undefined)]),
    ) as Record<OrderedUse, LeadSourceId[]>,
    serving: Object.fromEntries(SEARCH_TYPES.map((t) => [t, leadSourceStatus(t)])) as Record<
      SearchType,
      ReturnType<typeof leadSourceStatus>
    >,
    keyless: sourcesConfig.keyless,
  };
}

/** Turns a source on or off, sets or clears its key (keyed sources only: 422 otherwise), sets its cost per call. */
export async function saveLeadSourceSettings(
  db: Db,
  appSecret: string,
  id: LeadSourceId,
  body: { enabled?: boolean; api_key?: string | null; cost_per_call?: number | null },
): Promise<void> {
  if (body.api_key !== undefined && !isKeyedSource(id)) throw unprocessable('leadSources.keyless_no_key', 'api_key');
  await saveLeadSource(db, appSecret, id, body);
  await reload();
}

/** The order the sources of one use are asked in: every candidate of the use, once (422 otherwise). */
export async function saveSourceOrder(db: Db, use: OrderedUse, sources: LeadSourceId[]): Promise<void> {
  const candidates = SOURCE_CANDIDATES[use];
  if (sources.length !== candidates.length || !sources.every((s) => candidates.includes(s))) {
    throw unprocessable('leadSources.order_mismatch', 'sources', { sources: candidates.join(', ') });
  }
  await saveLeadSourceOrder(db, use, sources);
  await reload();
}

/** Checks a source now (its key and reachability), its calls counted like any other. */
export async function checkSource(db: Db, appSecret: string, id: LeadSourceId) {
  const runtime = leadSourceRuntime();
  const deps = countingDeps(db, runtime?.deps ?? defaultSourceDeps());
  const result = await checkLeadSource(
    id,
    loadLeadSourcesConfig(env()),
    await loadLeadSourceSettings(db, appSecret),
    deps,
    runtime?.extras ?? defaultLeadSourceExtras(),
  );
  await deps.settled();
  return result;
}
