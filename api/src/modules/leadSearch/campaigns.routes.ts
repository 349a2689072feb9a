import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import {
  Defaulted,
  IdParams,
  MessageProperties,
  Nullable,
  OrNull,
  Page,
  PageQueryProperties,
  pageOf,
  StringEnum,
  Type,
} from '../../http/contract';
import { SEARCH_TYPES } from '../../providers/leads';
import { say } from '../../http/respond';
import { CAMPAIGN_FILTERS } from './campaigns.repository';
import { campaignService } from './campaigns.service';
import { actorOf } from './listHistory.routes';
import { CampaignSchema } from './campaigns.schemas';

const listName = Type.String({ minLength: 1, maxLength: 120, pattern: '\\S' });
const tagsSchema = Type.Array(Type.String({ minLength: 1, maxLength: 40, pattern: '\\S' }), {
  maxItems: 20,
  uniqueItems: true,
});
const sourceSchema = OrNull(Type.String({ maxLength: 200 }));
const idsSchema = Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), {
  minItems: 1,
  maxItems: 500,
  uniqueItems: true,
});

export { CAMPAIGN_FILTERS };

const SavedCampaign = Type.Object({ ...MessageProperties, campaign: CampaignSchema });
/** The operation POST /api/list-operations/{id}/undo reverses (null when the call changed nothing). */
const undoId = Nullable(Type.Integer());
const ArchivedCampaign = Type.Object({ ...MessageProperties, campaign: CampaignSchema, undo_id: undoId });

/** Campaigns (lists), spec §7. Every id is checked against the signed-in account: others' → 404. */
export function campaignRoutes(api: FastifyInstance, { db, queue, clock }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const lists = campaignService({ db, queue, now: () => clock.now() });
  const guard = { onRequest: [app.requireAuth, app.requireModule('leads')] };

  app.get(
    '/api/campaigns',
    {
      ...guard,
      schema: {
        summary: 'Your lists (paginated), newest first',
        response: { 200: Page(CampaignSchema) },
        querystring: Type.Object(
          {
            page: Defaulted(PageQueryProperties.page),
            pageSize: Defaulted(PageQueryProperties.pageSize),
            filter: Type.Optional(StringEnum(CAMPAIGN_FILTERS)),
            search: Type.Optional(Type.String({ maxLength: 120 })),
            type: Type.Optional(StringEnum(SEARCH_TYPES)),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request) => {
      const { rows, total } = await lists.list(currentUser(request).id, request.query);
      return pageOf(rows, request.query, total);
    },
  );

  app.get(
    '/api/campaigns/:id',
    {
      ...guard,
      schema: {
        summary: 'One list, with its latest search and enrichment',
        params: IdParams,
        response: { 200: CampaignSchema },
      },
    },
    async (request) => lists.one(currentUser(request).id, request.params.id),
  );

  app.post(
    '/api/campaigns',
    {
      ...guard,
      schema: {
        summary: 'Create a list',
        response: { 201: SavedCampaign },
        body: Type.Object(
          {
            name: listName,
            list_type: StringEnum(SEARCH_TYPES),
            tags: Type.Optional(tagsSchema),
            source: Type.Optional(sourceSchema),
            is_demo: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
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

  app.put(
    '/api/campaigns/:id',
    {
      ...guard,
      schema: {
        summary: "Change a list's name, tags or source",
        params: IdParams,
        body: Type.Object(
          { name: Type.Optional(listName), tags: Type.Optional(tagsSchema), source: Type.Optional(sourceSchema) },
          { additionalProperties: false },
        ),
        response: { 200: SavedCampaign },
      },
    },
    async (request) => {
      const campaign = await lists.change(currentUser(request).id, actorOf(request), request.params.id, request.body);
      return { ...say(request, 'leadSearch.list_updated'), campaign };
    },
  );

  app.delete(
    '/api/campaigns/:id',
    {
      ...guard,
      schema: {
        summary: 'Move a list to the trash (restorable for 30 days, or undone at once)',
        params: IdParams,
        response: { 200: Type.Object({ ...MessageProperties, undo_id: undoId }) },
      },
    },
    async (request) => {
      const undo_id = await lists.remove(currentUser(request).id, request.params.id);
      return { ...say(request, 'leadSearch.list_deleted'), undo_id };
    },
  );

  /** Bulk actions take the spec's `resultIds` (campaign ids). Ids of other accounts are ignored, never touched. */
  app.post(
    '/api/campaigns/bulk-delete',
    {
      ...guard,
      schema: {
        summary: 'Move several lists to the trash (restorable for 30 days, or undone at once)',
        body: Type.Object({ resultIds: idsSchema }, { additionalProperties: false }),
        response: { 200: Type.Object({ ...MessageProperties, deleted: Type.Integer(), undo_id: undoId }) },
      },
    },
    async (request) => {
      const { count: deleted, undoId: undo_id } = await lists.trash(currentUser(request).id, request.body.resultIds);
      return { ...say(request, 'leadSearch.lists_deleted', { count: deleted }), deleted, undo_id };
    },
  );

  app.post(
    '/api/campaigns/archive/:id',
    {
      ...guard,
      schema: {
        summary: 'Archive a list (or bring it back)',
        params: IdParams,
        body: Type.Object({ is_archived: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
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

  app.post(
    '/api/campaigns/bulk-archive',
    {
      ...guard,
      schema: {
        summary: 'Archive several lists (or bring them back)',
        body: Type.Object({ resultIds: idsSchema, is_archived: Type.Boolean() }, { additionalProperties: false }),
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

  app.post(
    '/api/campaigns/details',
    {
      ...guard,
      schema: {
        summary: "Set a list's tags and source",
        body: Type.Object(
          {
            campaign_id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
            tags: tagsSchema,
            source: Type.Optional(sourceSchema),
          },
          { additionalProperties: false },
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
