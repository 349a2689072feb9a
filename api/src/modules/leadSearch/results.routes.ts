import { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { say } from '../../http/respond';
import { IdParams, MessageProperties, Nullable, Page, Type } from '../../http/contract';
import { CampaignSchema, ResultSchema } from './campaigns.schemas';
import { listTypeIn, type ListPath } from './listPath';
import { actorOf } from './listHistory.routes';
import { ManualBodySchema, ResultFiltersBody } from './results.schemas';
import {
  addManualResult,
  COUNT_CAP,
  CountCache,
  csvExport,
  deleteListResults,
  listResult,
  resultsPageJson,
} from './results.service';

const ResultParams = Type.Object(
  {
    id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
    resultId: Type.Integer({ minimum: 1, maximum: 9007199254740991 }),
  },
  { additionalProperties: false },
);
/**
 * A page of a list: the one page envelope, with whether its total is capped or estimated (a filtered count of
 * a big list) and the list itself (its job and enrichment progress), read in the same statement.
 */
export const ResultsPage = Page(ResultSchema, {
  total_capped: Type.Boolean({ description: `More rows match than total (the count stopped at ${COUNT_CAP}).` }),
  total_estimated: Type.Boolean({
    description: "total is the planner's estimate: counting this filter would have read too much of a big list.",
  }),
  campaign: CampaignSchema,
});

/** The schemas of the per-list result routes (their answers are the contract of ADR 016). */
const schemas = {
  // The page leaves as JSON text the database built (no serialisation): leadSearch-campaigns checks it against
  // ResultsPage. The document shows ResultsPage; the handler's type is the text it sends.
  page: {
    summary: 'A page of the list, filtered (spec §3 list query)',
    params: IdParams,
    body: ResultFiltersBody,
    response: { 200: Type.Unsafe<string>(ResultsPage) },
  },
  csv: {
    summary: 'Every result matching the filters as a CSV file (streamed)',
    params: IdParams,
    body: ResultFiltersBody,
    response: {
      200: {
        description: 'The CSV file (UTF-8 with a byte order mark)',
        content: { 'text/csv': { schema: Type.Unsafe<Readable>(Type.String()) } },
      },
    },
  },
  one: { summary: 'One result of the list', params: ResultParams, response: { 200: ResultSchema } },
};

/** `POST /api/{type}-results/{id}` and the other per-list result calls (spec §7), one set per list type. */
export function resultRoutes(api: FastifyInstance, { db, queue, clock }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = { onRequest: [app.requireAuth, app.requireModule('leads')] };
  const counts = new CountCache();

  /** `POST /api/{type}-results/{id}`: a page of the list. */
  function pageRoute(path: ListPath): void {
    const type = listTypeIn(path);
    app.post(path, { ...guard, schema: schemas.page }, async (request, reply) => {
      const userId = currentUser(request).id;
      const json = await resultsPageJson(db, clock, counts, userId, type, request.params.id, request.body ?? {});
      return reply.type('application/json; charset=utf-8').send(json);
    });
  }

  function csvRoute(path: ListPath<'/csv'>): void {
    const type = listTypeIn(path);
    app.post(path, { ...guard, schema: schemas.csv }, async (request, reply) => {
      const userId = currentUser(request).id;
      const { fileName, chunks } = await csvExport(
        db,
        userId,
        type,
        request.params.id,
        request.body ?? {},
        actorOf(request),
      );
      // Every matching row, streamed: the response pulls one keyset batch at a time, so memory stays flat for
      // a list of any size and nothing holds a transaction open while the client reads. A failure part-way
      // aborts the response (the client sees a broken transfer, never a file that looks complete).
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(Readable.from(chunks));
    });
  }

  function resultRoute(path: ListPath<'/:resultId'>): void {
    const type = listTypeIn(path);
    app.get(path, { ...guard, schema: schemas.one }, async (request) =>
      listResult(db, currentUser(request).id, type, request.params.id, request.params.resultId),
    );
  }

  function deleteRoute(path: ListPath<'/delete'>): void {
    const type = listTypeIn(path);
    app.post(
      path,
      {
        ...guard,
        schema: {
          summary:
            'Delete the selected results (or every result matching the filters); results still looking are kept. A deletion of selected results can be undone (undo_id)',
          params: IdParams,
          response: {
            200: Type.Object({
              ...MessageProperties,
              deleted: Type.Integer(),
              undo_id: Nullable(
                Type.Integer({
                  description:
                    'POST /api/list-operations/{id}/undo within 10 seconds puts the results back; null for a deletion of every matching row (not undoable) or of nothing',
                }),
              ),
            }),
          },
          body: Type.Object(
            {
              ids: Type.Optional(
                Type.Array(Type.Integer({ minimum: 1, maximum: 9007199254740991 }), {
                  maxItems: 1000,
                  uniqueItems: true,
                }),
              ),
              all_matching: Type.Optional(Type.Boolean()),
              filters: Type.Optional(ResultFiltersBody),
            },
            { additionalProperties: false },
          ),
        },
      },
      async (request) => {
        const userId = currentUser(request).id;
        const { deleted, undoId } = await deleteListResults(
          db,
          clock,
          userId,
          type,
          request.params.id,
          request.body,
          actorOf(request),
        );
        return { ...say(request, 'leadSearch.results_deleted', { count: deleted }), deleted, undo_id: undoId };
      },
    );
  }

  function manualRoute(path: ListPath<'/manual'>): void {
    const type = listTypeIn(path);
    app.post(
      path,
      {
        ...guard,
        schema: {
          summary: 'Add a result by hand (the fields depend on the list type)',
          params: IdParams,
          response: { 201: Type.Object({ ...MessageProperties, result: ResultSchema }) },
          body: ManualBodySchema,
        },
      },
      async (request, reply) => {
        const userId = currentUser(request).id;
        const result = await addManualResult(
          db,
          queue,
          clock,
          userId,
          type,
          request.params.id,
          request.body,
          actorOf(request),
        );
        reply.code(201);
        return { ...say(request, 'leadSearch.result_added'), result };
      },
    );
  }

  // Each path written out (a grep for one finds its registration), list type by list type as SEARCH_TYPES orders
  // them: the OpenAPI document lists the paths in this order.
  pageRoute('/api/people-results/:id');
  csvRoute('/api/people-results/:id/csv');
  resultRoute('/api/people-results/:id/:resultId');
  deleteRoute('/api/people-results/:id/delete');
  manualRoute('/api/people-results/:id/manual');
  pageRoute('/api/local-results/:id');
  csvRoute('/api/local-results/:id/csv');
  resultRoute('/api/local-results/:id/:resultId');
  deleteRoute('/api/local-results/:id/delete');
  manualRoute('/api/local-results/:id/manual');
  pageRoute('/api/company-results/:id');
  csvRoute('/api/company-results/:id/csv');
  resultRoute('/api/company-results/:id/:resultId');
  deleteRoute('/api/company-results/:id/delete');
  manualRoute('/api/company-results/:id/manual');
  pageRoute('/api/domain-results/:id');
  csvRoute('/api/domain-results/:id/csv');
  resultRoute('/api/domain-results/:id/:resultId');
  deleteRoute('/api/domain-results/:id/delete');
  manualRoute('/api/domain-results/:id/manual');
  pageRoute('/api/influencer-results/:id');
  csvRoute('/api/influencer-results/:id/csv');
  resultRoute('/api/influencer-results/:id/:resultId');
  deleteRoute('/api/influencer-results/:id/delete');
  manualRoute('/api/influencer-results/:id/manual');
  pageRoute('/api/intent-results/:id');
  csvRoute('/api/intent-results/:id/csv');
  resultRoute('/api/intent-results/:id/:resultId');
  deleteRoute('/api/intent-results/:id/delete');
  manualRoute('/api/intent-results/:id/manual');
  pageRoute('/api/group-results/:id');
  csvRoute('/api/group-results/:id/csv');
  resultRoute('/api/group-results/:id/:resultId');
  deleteRoute('/api/group-results/:id/delete');
  manualRoute('/api/group-results/:id/manual');
}
