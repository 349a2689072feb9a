import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Empty, MessageProperties, OrNull, StringEnum, Type } from '../../http/contract';
import { LEAD_SOURCE_IDS } from '../../providers/leads/leadSources';
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
const idParams = Type.Object({ id: StringEnum(LEAD_SOURCE_IDS) }, { additionalProperties: false });

/** Admin → Searchers: the lead sources, their keys (write-only), order per search type, health and usage. */
export function adminLeadSourceRoutes(api: FastifyInstance, { db, config }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const overview = () => leadSourcesOverview(db, config.appSecret);

  app.get(
    '/api/admin/lead-sources',
    {
      ...adminOnly(api),
      schema: {
        summary: 'The lead sources: keys (set or not), order per use, what serves each search type, usage this month',
        querystring: Empty,
        response: { 200: Overview },
      },
    },
    overview,
  );

  app.put(
    '/api/admin/lead-sources/:id',
    {
      ...adminOnly(api),
      schema: {
        summary: 'Turn a lead source on or off, set or clear its key, set its cost per call',
        params: idParams,
        response: { 200: SavedOverview },
        body: Type.Object(
          {
            enabled: Type.Optional(Type.Boolean()),
            api_key: Type.Optional(OrNull(Type.String({ minLength: 1, maxLength: 500, pattern: '^\\S+$' }))),
            cost_per_call: Type.Optional(OrNull(Type.Number({ minimum: 0, maximum: 1000 }))),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request) => {
      await saveLeadSourceSettings(db, config.appSecret, request.params.id, request.body);
      return { ...say(request, 'leadSources.saved'), ...(await overview()) };
    },
  );

  app.put(
    '/api/admin/lead-sources/order/:use',
    {
      ...adminOnly(api),
      schema: {
        summary: 'The order the sources of one use are asked in',
        response: { 200: SavedOverview },
        params: Type.Object({ use: StringEnum(USES) }, { additionalProperties: false }),
        body: Type.Object(
          {
            sources: Type.Array(StringEnum(LEAD_SOURCE_IDS), {
              minItems: 1,
              maxItems: LEAD_SOURCE_IDS.length,
              uniqueItems: true,
            }),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request) => {
      await saveSourceOrder(db, request.params.use, request.body.sources);
      return { ...say(request, 'leadSources.saved'), ...(await overview()) };
    },
  );

  app.post(
    '/api/admin/lead-sources/:id/check',
    {
      ...adminOnly(api),
      schema: {
        summary: 'Check a lead source now (its key and reachability)',
        params: idParams,
        body: Empty,
        response: { 200: CheckedOverview },
      },
    },
    async (request) => {
      const result = await checkSource(db, config.appSecret, request.params.id);
      return { result, ...(await overview()) };
    },
  );
}
