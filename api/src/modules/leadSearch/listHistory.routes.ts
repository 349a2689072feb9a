import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { IdParams, Nullable, Page, StringEnum, Timestamp, Type, type Static } from '../../http/contract';
import { validationError } from '../../http/errors';
import { loadCampaign } from './campaigns.service';
import { HISTORY_KINDS, listHistory, type ListActor } from './listHistory.repository';

/** A list's history (spec §7 `POST /api/campaign/{id}/history`, issue 28 item 1): its route; the SQL in listHistory.repository.ts. */

/** Who acts: the signed-in user, and the admin behind an impersonation. */
export const actorOf = (request: FastifyRequest): ListActor => {
  const user = currentUser(request);
  return { actorId: user.id, impersonatorId: user.impersonatorId };
};

const Person = Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String() });
const HistoryEntry = Type.Object({
  id: Type.String({ description: 'Unique in the list: the source and its id (e.g. search-12)' }),
  kind: StringEnum(HISTORY_KINDS),
  created_at: Timestamp(),
  actor: Nullable(Person),
  impersonated_by: Nullable(Person),
  /** What the event did: counts, provider, format, label… (by kind). */
  details: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()])),
  credits: Type.Integer({ description: 'Credits the event cost (so far, for a job still running)' }),
  status: Nullable(
    Type.String({ description: "A job's state (running, done, stopped, failed); null for an instant event" }),
  ),
});
export type HistoryEntryDto = Static<typeof HistoryEntry>;

const date = Type.Union([Type.String({ format: 'date' }), Type.Null()]);
/** The list filters of spec §3 that apply to a history (page, limit, search, dates), and the kinds to show. */
const HistoryFilters = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
    search: Type.String({ maxLength: 200, default: '', description: "Matches the actor's name or email" }),
    startDate: Type.Optional(date),
    endDate: Type.Optional(date),
    kinds: Type.Optional(Type.Array(StringEnum(HISTORY_KINDS), { maxItems: HISTORY_KINDS.length, uniqueItems: true })),
  },
  { additionalProperties: false },
);

export function listHistoryRoutes(api: FastifyInstance, { db }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/api/campaign/:id/history',
    {
      onRequest: [app.requireAuth, app.requireModule('leads')],
      schema: {
        summary:
          "A list's history: searches, enrichments, imports, exports, CRM and webhook sends, bulk actions and label changes, who and what it cost",
        params: IdParams,
        body: HistoryFilters,
        response: { 200: Page(HistoryEntry) },
      },
    },
    async (request) => {
      const { startDate, endDate } = request.body;
      if (startDate && endDate && startDate > endDate)
        throw validationError({ field: 'endDate', code: 'leadSearch.range_order' });
      const campaign = await loadCampaign(db, currentUser(request).id, request.params.id);
      const { rows, total } = await listHistory(db, campaign.id, request.body);
      return { data: rows, currentPage: request.body.page, pageSize: request.body.limit, total };
    },
  );
}
