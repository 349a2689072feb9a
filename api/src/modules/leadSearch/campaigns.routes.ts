import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { MessageProperties, Nullable, Page, PageQueryProperties, pageOf, Type } from '../../http/contract';
import { objectSchema } from '../../http/schemas';
import { SEARCH_TYPES } from '../../providers/leads';
import { say } from '../../http/respond';
import { CAMPAIGN_FILTERS, type CampaignListQuery } from './campaigns.repository';
import { campaignService, type CampaignInput } from './campaigns.service';
import { actorOf } from './listHistory.routes';
import { CampaignSchema } from './campaigns.schemas';

const idParams = objectSchema({ id: { type: 'integer', minimum: 1, maximum: 2147483647 } }, ['id']);
const listName = { type: 'string', minLength: 1, maxLength: 120, pattern: '\\S' } as const;
const tagsSchema = {
  type: 'array',
  maxItems: 20,
  uniqueItems: true,
  items: { type: 'string', minLength: 1, maxLength: 40, pattern: '\\S' },
} as const;
const sourceSchema = { type: ['string', 'null'], maxLength: 200 } as const;
const idsSchema = {
  type: 'array',
  minItems: 1,
  maxItems: 500,
  uniqueItems: true,
  items: { type: 'integer', minimum: 1, maximum: 2147483647 },
} as const;

export { CAMPAIGN_FILTERS };

const SavedCampaign = Type.Object({ ...MessageProperties, campaign: CampaignSchema });
/** The operation POST /api/list-operations/{id}/undo reverses (null when the call changed nothing). */
const undoId = Nullable(Type.Integer());
const ArchivedCampaign = Type.Object({ ...MessageProperties, campaign: CampaignSchema, undo_id: undoId });

/** Campaigns (lists), spec §7. Every id is checked against the signed-in account: others' → 404. */
export function campaignRoutes(app: FastifyInstance, { db, queue, clock }: AppDeps): void {
  const lists = campaignService({ db, queue, now: () => clock.now() });
  const guard = { onRequest: [app.requireAuth, app.requireModule('leads')] };

  app.get<{ Querystring: CampaignListQuery }>(
    '/api/campaigns',
    {
      ...guard,
      schema: {
        summary: 'Your lists (paginated), newest first',
        response: { 200: Page(CampaignSchema) },
        querystring: objectSchema({
          ...PageQueryProperties,
          filter: { type: 'string', enum: CAMPAIGN_FILTERS },
          search: { type: 'string', maxLength: 120 },
          type: { type: 'string', enum: SEARCH_TYPES },
        }),
      },
    },
    async (request) => {
      const { rows, total } = await lists.list(currentUser(request).id, request.query);
      return pageOf(rows, request.query, total);
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/campaigns/:id',
    {
      ...guard,
      schema: {
        summary: 'One list, with its latest search and enrichment',
        params: idParams,
        response: { 200: CampaignSchema },
      },
    },
    async (request) => lists.one(currentUser(request).id, request.params.id),
  );

  app.post<{ Body: CampaignInput }>(
    '/api/campaigns',
    {
      ...guard,
      schema: {
        summary: 'Create a list',
        response: { 201: SavedCampaign },
        body: objectSchema(
          {
            name: listName,
            list_type: { type: 'string', enum: SEARCH_TYPES },
            tags: tagsSchema,
            source: sourceSchema,
            is_demo: { type: 'boolean' },
          },
          ['name', 'list_type'],
        ),
      },
    },
    async (request, reply) => {
      // The list and its list.created webhook deliveries commit together.
      const campaign = await lists.create(currentUser(request).id, request.body);
      reply.code(201);
      return { ...say(request, 'leadSearch.list_created'), campaign };
    },
  );

  app.put<{ Params: { id: number }; Body: { name?: string; tags?: string[]; source?: string | null } }>(
    '/api/campaigns/:id',
    {
      ...guard,
      schema: {
        summary: "Change a list's name, tags or source",
        params: idParams,
        body: objectSchema({ name: listName, tags: tagsSchema, source: sourceSchema }),
        response: { 200: SavedCampaign },
      },
    },
    async (request) => {
      const campaign = await lists.change(currentUser(request).id, actorOf(request), request.params.id, request.body);
      return { ...say(request, 'leadSearch.list_updated'), campaign };
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/campaigns/:id',
    {
      ...guard,
      schema: {
        summary: 'Move a list to the trash (restorable for 30 days, or undone at once)',
        params: idParams,
        response: { 200: Type.Object({ ...MessageProperties, undo_id: undoId }) },
      },
    },
    async (request) => {
      const undo_id = await lists.remove(currentUser(request).id, request.params.id);
      return { ...say(request, 'leadSearch.list_deleted'), undo_id };
    },
  );

  /** Bulk actions take the spec's `resultIds` (campaign ids). Ids of other accounts are ignored, never touched. */
  app.post<{ Body: { resultIds: number[] } }>(
    '/api/campaigns/bulk-delete',
    {
      ...guard,
      schema: {
        summary: 'Move several lists to the trash (restorable for 30 days, or undone at once)',
        body: objectSchema({ resultIds: idsSchema }, ['resultIds']),
        response: { 200: Type.Object({ ...MessageProperties, deleted: Type.Integer(), undo_id: undoId }) },
      },
    },
    async (request) => {
      const { count: deleted, undoId: undo_id } = await lists.trash(currentUser(request).id, request.body.resultIds);
      return { ...say(request, 'leadSearch.lists_deleted', { count: deleted }), deleted, undo_id };
    },
  );

  app.post<{ Params: { id: number }; Body: { is_archived?: boolean } }>(
    '/api/campaigns/archive/:id',
    {
      ...guard,
      schema: {
        summary: 'Archive a list (or bring it back)',
        params: idParams,
        body: objectSchema({ is_archived: { type: 'boolean' } }),
        response: { 200: ArchivedCampaign },
      },
    },
    async (request) => {
      const archived = request.body?.is_archived ?? true;
      const { campaign, undoId: undo_id } = await lists.archive(currentUser(request).id, request.params.id, archived);
      return {
        ...say(request, archived ? 'leadSearch.lists_archived' : 'leadSearch.lists_unarchived', { count: 1 }),
        campaign,
        undo_id,
      };
    },
  );

  app.post<{ Body: { resultIds: number[]; is_archived: boolean } }>(
    '/api/campaigns/bulk-archive',
    {
      ...guard,
      schema: {
        summary: 'Archive several lists (or bring them back)',
        body: objectSchema({ resultIds: idsSchema, is_archived: { type: 'boolean' } }, ['resultIds', 'is_archived']),
        response: { 200: Type.Object({ ...MessageProperties, updated: Type.Integer(), undo_id: undoId }) },
      },
    },
    async (request) => {
      const { resultIds, is_archived } = request.body;
      const { matched: updated, undoId: undo_id } = await lists.archiveMany(
        currentUser(request).id,
        resultIds,
        is_archived,
      );
      return {
        ...say(request, is_archived ? 'leadSearch.lists_archived' : 'leadSearch.lists_unarchived', { count: updated }),
        updated,
        undo_id,
      };
    },
  );

  app.post<{ Body: { campaign_id: number; tags: string[]; source?: string | null } }>(
    '/api/campaigns/details',
    {
      ...guard,
      schema: {
        summary: "Set a list's tags and source",
        body: objectSchema(
          { campaign_id: { type: 'integer', minimum: 1, maximum: 2147483647 }, tags: tagsSchema, source: sourceSchema },
          ['campaign_id', 'tags'],
        ),
        response: { 200: SavedCampaign },
      },
    },
    async (request) => {
      const { campaign_id, tags, source } = request.body;
      const campaign = await lists.setDetails(currentUser(request).id, actorOf(request), campaign_id, tags, source);
      return { ...say(request, 'leadSearch.details_saved'), campaign };
    },
  );
}
