import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { Message, MessageProperties, Page, PageQueryProperties, pageOf, pageWindow, Type } from '../../http/contract';
import { objectSchema } from '../../http/schemas';
import { SEARCH_TYPES, type SearchType } from '../../providers/leads';
import { say } from '../respond';
import { queueWebhookEvent } from '../../workers/settingsWebhook';
import { actorOf, recordListEvent } from './listHistory';
import { CAMPAIGN_COLUMNS, latestJobs, loadCampaign, notFound, toCampaignDto, type CampaignRow } from './campaignStore';
import { CampaignSchema } from './listSchemas';

const idParams = objectSchema({ id: { type: 'integer', minimum: 1, maximum: 2147483647 } }, ['id']);
const listName = { type: 'string', minLength: 1, maxLength: 120, pattern: '\\S' } as const;
const tagsSchema = { type: 'array', maxItems: 20, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 40, pattern: '\\S' } } as const;
const sourceSchema = { type: ['string', 'null'], maxLength: 200 } as const;
const idsSchema = { type: 'array', minItems: 1, maxItems: 500, uniqueItems: true, items: { type: 'integer', minimum: 1, maximum: 2147483647 } } as const;

export const CAMPAIGN_FILTERS = ['active', 'incomplete', 'archived'] as const;

const SavedCampaign = Type.Object({ ...MessageProperties, campaign: CampaignSchema });

interface ListQuery {
  page: number;
  pageSize: number;
  filter?: (typeof CAMPAIGN_FILTERS)[number];
  search?: string;
  type?: SearchType;
}

const cleanTags = (tags: string[] | undefined) => (tags ? [...new Set(tags.map((t) => t.trim()))] : undefined);

/** Campaigns (lists), spec §7. Every id is checked against the signed-in account: others' → 404. */
export function campaignRoutes(app: FastifyInstance, { db, queue, clock }: AppDeps): void {
  const guard = { onRequest: [app.requireAuth, app.requireModule('leads')] };

  app.get<{ Querystring: ListQuery }>(
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
      const { id: userId } = currentUser(request);
      const { filter, search, type } = request.query;
      const { limit, offset } = pageWindow(request.query);
      const where = ['c.user_id = $1'];
      const params: (string | number | boolean)[] = [userId];
      if (filter === 'archived') where.push('c.archived');
      else {
        where.push('NOT c.archived');
        if (filter) {
          params.push(filter);
          where.push(`c.status = $${params.length}`);
        }
      }
      if (search?.trim()) {
        params.push(`%${search.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
        where.push(`c.name ILIKE $${params.length}`);
      }
      if (type) {
        params.push(type);
        where.push(`c.list_type = $${params.length}`);
      }
      const whereSql = where.join(' AND ');
      // A user's lists are few (hundreds at most), so an exact count is cheap here.
      const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM campaigns c WHERE ${whereSql}`, params)).rows[0]?.n ?? 0;
      const rows = (
        await db.query<CampaignRow>(`SELECT ${CAMPAIGN_COLUMNS} FROM campaigns c WHERE ${whereSql} ORDER BY c.id DESC LIMIT ${limit} OFFSET ${offset}`, params)
      ).rows;
      const jobs = await latestJobs(
        db,
        rows.map((r) => r.id),
      );
      return pageOf(
        rows.map((r) => toCampaignDto(r, jobs.get(r.id) ?? null)),
        request.query,
        total,
      );
    },
  );

  app.get<{ Params: { id: number } }>('/api/campaigns/:id', { ...guard, schema: { summary: 'One list, with its latest search and enrichment', params: idParams, response: { 200: CampaignSchema } } }, async (request) =>
    loadCampaign(db, currentUser(request).id, request.params.id),
  );

  app.post<{ Body: { name: string; list_type: SearchType; tags?: string[]; source?: string | null; is_demo?: boolean } }>(
    '/api/campaigns',
    {
      ...guard,
      schema: {
        summary: 'Create a list',
        response: { 201: SavedCampaign },
        body: objectSchema({ name: listName, list_type: { type: 'string', enum: SEARCH_TYPES }, tags: tagsSchema, source: sourceSchema, is_demo: { type: 'boolean' } }, [
          'name',
          'list_type',
        ]),
      },
    },
    async (request, reply) => {
      const { id: userId } = currentUser(request);
      const { name, list_type, tags, source, is_demo } = request.body;
      // The list and its list.created webhook deliveries commit together.
      const id = await db.transaction(async (tx) => {
        const created = (
          await tx.query<{ id: number; name: string; list_type: string; created_at: Date | string }>(
            'INSERT INTO campaigns (user_id, list_type, name, tags, source, is_demo) VALUES ($1, $2, $3, $4::jsonb, $5, $6) RETURNING id, name, list_type, created_at',
            [userId, list_type, name.trim(), JSON.stringify(cleanTags(tags) ?? []), source?.trim() || null, is_demo ?? false],
          )
        ).rows[0]!;
        await queueWebhookEvent(queue, tx, userId, 'list.created', { list: { id: created.id, name: created.name, list_type: created.list_type, created_at: new Date(created.created_at).toISOString() } }, clock.now());
        return created.id;
      });
      reply.code(201);
      return { ...say(request, 'leadSearch.list_created'), campaign: await loadCampaign(db, userId, id) };
    },
  );

  app.put<{ Params: { id: number }; Body: { name?: string; tags?: string[]; source?: string | null } }>(
    '/api/campaigns/:id',
    { ...guard, schema: { summary: "Change a list's name, tags or source", params: idParams, body: objectSchema({ name: listName, tags: tagsSchema, source: sourceSchema }), response: { 200: SavedCampaign } } },
    async (request) => {
      const { id: userId } = currentUser(request);
      const { name, tags, source } = request.body;
      const { rowCount } = await db.query(
        `UPDATE campaigns SET name = COALESCE($3, name), tags = COALESCE($4::jsonb, tags),
                source = CASE WHEN $5::boolean THEN $6 ELSE source END, updated_at = now()
          WHERE id = $1 AND user_id = $2`,
        [request.params.id, userId, name?.trim() ?? null, tags ? JSON.stringify(cleanTags(tags)) : null, source !== undefined, source?.trim() || null],
      );
      if (rowCount === 0) throw notFound();
      await recordListEvent(db, request.params.id, actorOf(request), 'details_change', { name: name?.trim() ?? null, tags: tags ? cleanTags(tags)!.join(', ') : null, source: source?.trim() ?? null });
      return { ...say(request, 'leadSearch.list_updated'), campaign: await loadCampaign(db, userId, request.params.id) };
    },
  );

  app.delete<{ Params: { id: number } }>('/api/campaigns/:id', { ...guard, schema: { summary: 'Delete a list and its results', params: idParams, response: { 200: Message } } }, async (request) => {
    const { rowCount } = await db.query('DELETE FROM campaigns WHERE id = $1 AND user_id = $2', [request.params.id, currentUser(request).id]);
    if (rowCount === 0) throw notFound();
    return say(request, 'leadSearch.list_deleted');
  });

  /** Bulk actions take the spec's `resultIds` (campaign ids). Ids of other accounts are ignored, never touched. */
  app.post<{ Body: { resultIds: number[] } }>(
    '/api/campaigns/bulk-delete',
    {
      ...guard,
      schema: { summary: 'Delete several lists', body: objectSchema({ resultIds: idsSchema }, ['resultIds']), response: { 200: Type.Object({ ...MessageProperties, deleted: Type.Integer() }) } },
    },
    async (request) => {
      const { rowCount } = await db.query('DELETE FROM campaigns WHERE user_id = $1 AND id = ANY($2::int[])', [currentUser(request).id, `{${request.body.resultIds.join(',')}}`]);
      return { ...say(request, 'leadSearch.lists_deleted', { count: rowCount }), deleted: rowCount };
    },
  );

  app.post<{ Params: { id: number }; Body: { is_archived?: boolean } }>(
    '/api/campaigns/archive/:id',
    { ...guard, schema: { summary: 'Archive a list (or bring it back)', params: idParams, body: objectSchema({ is_archived: { type: 'boolean' } }), response: { 200: SavedCampaign } } },
    async (request) => {
      const { id: userId } = currentUser(request);
      const archived = request.body?.is_archived ?? true;
      const { rowCount } = await db.query('UPDATE campaigns SET archived = $3, updated_at = now() WHERE id = $1 AND user_id = $2', [request.params.id, userId, archived]);
      if (rowCount === 0) throw notFound();
      return { ...say(request, archived ? 'leadSearch.lists_archived' : 'leadSearch.lists_unarchived', { count: 1 }), campaign: await loadCampaign(db, userId, request.params.id) };
    },
  );

  app.post<{ Body: { resultIds: number[]; is_archived: boolean } }>(
    '/api/campaigns/bulk-archive',
    {
      ...guard,
      schema: {
        summary: 'Archive several lists (or bring them back)',
        body: objectSchema({ resultIds: idsSchema, is_archived: { type: 'boolean' } }, ['resultIds', 'is_archived']),
        response: { 200: Type.Object({ ...MessageProperties, updated: Type.Integer() }) },
      },
    },
    async (request) => {
      const { resultIds, is_archived } = request.body;
      const { rowCount } = await db.query('UPDATE campaigns SET archived = $3, updated_at = now() WHERE user_id = $1 AND id = ANY($2::int[])', [
        currentUser(request).id,
        `{${resultIds.join(',')}}`,
        is_archived,
      ]);
      return { ...say(request, is_archived ? 'leadSearch.lists_archived' : 'leadSearch.lists_unarchived', { count: rowCount }), updated: rowCount };
    },
  );

  app.post<{ Body: { campaign_id: number; tags: string[]; source?: string | null } }>(
    '/api/campaigns/details',
    {
      ...guard,
      schema: {
        summary: "Set a list's tags and source",
        body: objectSchema({ campaign_id: { type: 'integer', minimum: 1, maximum: 2147483647 }, tags: tagsSchema, source: sourceSchema }, ['campaign_id', 'tags']),
        response: { 200: SavedCampaign },
      },
    },
    async (request) => {
      const { id: userId } = currentUser(request);
      const { campaign_id, tags, source } = request.body;
      const { rowCount } = await db.query('UPDATE campaigns SET tags = $3::jsonb, source = $4, updated_at = now() WHERE id = $1 AND user_id = $2', [
        campaign_id,
        userId,
        JSON.stringify(cleanTags(tags)),
        source?.trim() || null,
      ]);
      if (rowCount === 0) throw notFound();
      await recordListEvent(db, campaign_id, actorOf(request), 'details_change', { tags: cleanTags(tags)!.join(', '), source: source?.trim() || null });
      return { ...say(request, 'leadSearch.details_saved'), campaign: await loadCampaign(db, userId, campaign_id) };
    },
  );
}
