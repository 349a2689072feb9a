import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { MessageProperties, Type } from '../../http/contract';
import { emptyObjectSchema, objectSchema } from '../../http/schemas';
import { LEAD_SOURCE_IDS, type LeadSourceId, type OrderedUse } from '../../providers/leads/leadSources';
import { say } from '../../http/respond';
import { adminOnly } from './common';
import { OverviewProperties, USES } from './leadSources.schemas';
import { checkSource, leadSourcesOverview, saveLeadSourceSettings, saveSourceOrder } from './leadSources.service';

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
  const overview = () => leadSourcesOverview(db, config.appSecret);

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
      await saveLeadSourceSettings(db, config.appSecret, request.params.id, request.body);
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
      await saveSourceOrder(db, request.params.use, request.body.sources);
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
      const result = await checkSource(db, config.appSecret, request.params.id);
      return { result, ...(await overview()) };
    },
  );
}
