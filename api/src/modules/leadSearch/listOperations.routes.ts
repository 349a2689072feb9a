import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { TRASH_RETENTION_DAYS } from '@leadsmith/shared/constants';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import {
  IdParams,
  LiteralUnion,
  Message,
  MessageProperties,
  Page,
  PageQuery,
  pageOf,
  pageWindow,
  Timestamp,
  Type,
} from '../../http/contract';
import { SEARCH_TYPES } from '../../providers/leads';
import { say } from '../../http/respond';
import { notFound } from './campaigns.service';
import { deleteFromTrash, listTrash, purgeAt, restoreCampaigns } from './listOperations.repository';
import { undoOperation } from './listOperations.service';

const TrashedCampaign = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  list_type: LiteralUnion(SEARCH_TYPES),
  result_count: Type.Integer(),
  deleted_at: Timestamp(),
  /** When the purge deletes it for good (deleted_at + TRASH_RETENTION_DAYS). */
  purge_at: Timestamp(),
});

const UNDO_MESSAGES = {
  archive: 'leadSearch.undo_archive',
  unarchive: 'leadSearch.undo_unarchive',
  delete: 'leadSearch.undo_delete',
  label: 'leadSearch.undo_label',
  delete_results: 'leadSearch.undo_delete_results',
} as const;

/** Undo of a bulk change (issue 29 item 5, ADR 034) and the trash of deleted lists. Every id is the owner's or 404. */
export function listOperationRoutes(api: FastifyInstance, { db, clock }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = { onRequest: [app.requireAuth, app.requireModule('leads')] };

  app.post(
    '/api/list-operations/:id/undo',
    {
      ...guard,
      schema: {
        summary: 'Undo a bulk archive, delete or label change, or a deletion of results (within 10 seconds of it)',
        params: IdParams,
        response: {
          200: Type.Object({
            ...MessageProperties,
            kind: Type.Union([
              Type.Literal('archive'),
              Type.Literal('unarchive'),
              Type.Literal('delete'),
              Type.Literal('label'),
              Type.Literal('delete_results'),
            ]),
            count: Type.Integer(),
          }),
        },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const { kind, count } = await undoOperation(db, userId, request.params.id, clock.now());
      return { ...say(request, UNDO_MESSAGES[kind], { count }), kind, count };
    },
  );

  app.get(
    '/api/campaign-trash',
    {
      ...guard,
      schema: {
        summary: `Deleted lists, kept ${TRASH_RETENTION_DAYS} days before they are purged`,
        querystring: PageQuery,
        response: { 200: Page(TrashedCampaign) },
      },
    },
    async (request) => {
      const { limit, offset } = pageWindow(request.query);
      const { rows, total } = await listTrash(db, currentUser(request).id, limit, offset);
      const data = rows.map((r) => {
        const deleted = new Date(r.deleted_at);
        return { ...r, deleted_at: deleted.toISOString(), purge_at: purgeAt(deleted).toISOString() };
      });
      return pageOf(data, request.query, total);
    },
  );

  app.post(
    '/api/campaign-trash/:id/restore',
    { ...guard, schema: { summary: 'Take a list out of the trash', params: IdParams, response: { 200: Message } } },
    async (request) => {
      if ((await restoreCampaigns(db, currentUser(request).id, [request.params.id])) === 0) throw notFound();
      return say(request, 'leadSearch.list_restored');
    },
  );

  app.delete(
    '/api/campaign-trash/:id',
    {
      ...guard,
      schema: {
        summary: 'Delete a list in the trash for good, with its results',
        params: IdParams,
        response: { 200: Message },
      },
    },
    async (request) => {
      if (!(await deleteFromTrash(db, currentUser(request).id, request.params.id))) throw notFound();
      return say(request, 'leadSearch.list_deleted_forever');
    },
  );
}
