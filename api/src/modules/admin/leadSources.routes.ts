import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { KeyedObject, MessageProperties, Nullable, StringEnum, Type, type Static } from '../../http/contract';
import { unprocessable } from '../../http/errors';
import { emptyObjectSchema, objectSchema } from '../../http/schemas';
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
import { say } from '../../routes/respond';
import { adminOnly } from './common';

const USES = Object.keys(SOURCE_CANDIDATES) as OrderedUse[];
const IsoTime = Type.String({ format: 'date-time' });

const LeadSource = Type.Object({
  id: StringEnum(LEAD_SOURCE_IDS),
  keyed: Type.Boolean({ description: 'Needs a key (vendor) or not (keyless engine).' }),
  enabled: Type.Boolean(),
  /** Whether a key is set, and where it comes from; the key itself is never returned. */
  key_set: Type.Boolean(),
  key_from: Nullable(StringEnum(['admin', 'environment'] as const)),
  serves: Type.Array(StringEnum(USES), { description: 'The uses (search types, email) it can serve.' }),
  calls_this_month: Type.Integer(),
  failures_this_month: Type.Integer(),
  units_this_month: Type.Integer({
    description:
      "The vendor's own units used this month where its reference gives them (YouTube: quota units); 0 otherwise.",
  }),
  cost_per_call: Nullable(
    Type.Number({ description: 'What one call costs the platform, in USD, as the admin set it.' }),
  ),
  cost_this_month: Nullable(Type.Number({ description: 'calls_this_month × cost_per_call, in USD, to the cent.' })),
  last_error: Nullable(Type.String()),
  last_error_at: Nullable(IsoTime),
});
export type LeadSourceDto = Static<typeof LeadSource>;

const OverviewProperties = {
  sources: Type.Array(LeadSource),
  order: KeyedObject(USES, Type.Array(StringEnum(LEAD_SOURCE_IDS)), {
    description: 'The sources of each use, in the order they are asked.',
  }),
  serving: KeyedObject(
    SEARCH_TYPES,
    Type.Object({ id: Type.String(), demo: Type.Boolean(), demo_reason: Nullable(StringEnum(['no_source'] as const)) }),
    {
      description: 'The source that serves each search type now.',
    },
  ),
  keyless: Type.Boolean(),
};
const Overview = Type.Object(OverviewProperties);
const SavedOverview = Type.Object({ ...MessageProperties, ...OverviewProperties });
const CheckedOverview = Type.Object({
  result: Type.Union([
    Type.Object({ ok: Type.Literal(true) }),
    Type.Object({ ok: Type.Literal(false), code: Type.String() }),
  ]),
  ...OverviewProperties,
});
const idParams = objectSchema({ id: { type: 'string', enum: LEAD_SOURCE_IDS } }, ['id']);

/** Admin → Searchers: the lead sources, their keys (write-only), order per search type, health and usage. */
export function adminLeadSourceRoutes(api: FastifyInstance, { db, config }: AppDeps): void {
  const env = () => leadSourceRuntime()?.env ?? process.env;
  // Only a process that plugged its sources in (server start, or a test that did) rebuilds them; settings are stored either way.
  const reload = async () => {
    if (leadSourceRuntime()) await reloadLeadSources();
  };

  async function overview() {
    const sourcesConfig = loadLeadSourcesConfig(env());
    const settings = await loadLeadSourceSettings(db, config.appSecret);
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

  api.get(
    '/api/admin/lead-sources',
    {
      ...adminOnly(api),
      schema: {
        summary: 'The lead sources: keys (set or not), order per use, what serves each search type, usage this month',
        querystring: emptyObjectSchema,
        response: { 200: Overview },
      },
    },
    overview,
  );

  api.put<{
    Params: { id: LeadSourceId };
    Body: { enabled?: boolean; api_key?: string | null; cost_per_call?: number | null };
  }>(
    '/api/admin/lead-sources/:id',
    {
      ...adminOnly(api),
      schema: {
        summary: 'Turn a lead source on or off, set or clear its key, set its cost per call',
        params: idParams,
        response: { 200: SavedOverview },
        body: objectSchema({
          enabled: { type: 'boolean' },
          api_key: { type: ['string', 'null'], minLength: 1, maxLength: 500, pattern: '^\\S+$' },
          cost_per_call: { type: ['number', 'null'], minimum: 0, maximum: 1000 },
        }),
      },
    },
    async (request) => {
      const { id } = request.params;
      if (request.body.api_key !== undefined && !isKeyedSource(id))
        throw unprocessable('leadSources.keyless_no_key', 'api_key');
      await saveLeadSource(db, config.appSecret, id, request.body);
      await reload();
      return { ...say(request, 'leadSources.saved'), ...(await overview()) };
    },
  );

  api.put<{ Params: { use: OrderedUse }; Body: { sources: LeadSourceId[] } }>(
    '/api/admin/lead-sources/order/:use',
    {
      ...adminOnly(api),
      schema: {
        summary: 'The order the sources of one use are asked in',
        response: { 200: SavedOverview },
        params: objectSchema({ use: { type: 'string', enum: USES } }, ['use']),
        body: objectSchema(
          {
            sources: {
              type: 'array',
              minItems: 1,
              maxItems: LEAD_SOURCE_IDS.length,
              uniqueItems: true,
              items: { type: 'string', enum: LEAD_SOURCE_IDS },
            },
          },
          ['sources'],
        ),
      },
    },
    async (request) => {
      const { use } = request.params;
      const candidates = SOURCE_CANDIDATES[use];
      const { sources } = request.body;
      if (sources.length !== candidates.length || !sources.every((s) => candidates.includes(s))) {
        throw unprocessable('leadSources.order_mismatch', 'sources', { sources: candidates.join(', ') });
      }
      await saveLeadSourceOrder(db, use, sources);
      await reload();
      return { ...say(request, 'leadSources.saved'), ...(await overview()) };
    },
  );

  api.post<{ Params: { id: LeadSourceId } }>(
    '/api/admin/lead-sources/:id/check',
    {
      ...adminOnly(api),
      schema: {
        summary: 'Check a lead source now (its key and reachability)',
        params: idParams,
        body: emptyObjectSchema,
        response: { 200: CheckedOverview },
      },
    },
    async (request) => {
      const runtime = leadSourceRuntime();
      const deps = countingDeps(db, runtime?.deps ?? defaultSourceDeps());
      const result = await checkLeadSource(
        request.params.id,
        loadLeadSourcesConfig(env()),
        await loadLeadSourceSettings(db, config.appSecret),
        deps,
        runtime?.extras ?? defaultLeadSourceExtras(),
      );
      await deps.settled();
      return { result, ...(await overview()) };
    },
  );
}
