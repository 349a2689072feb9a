import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { IdParams, MessageProperties, Page, PageQuery, pageOf, pageWindow, Type } from '../../http/contract';
import { say } from '../../http/respond';
import { notFound } from './campaigns.service';
import {
  countAlerts,
  countSavedSearches,
  deleteSavedSearch,
  lastRuns,
  listAlerts,
  listSavedSearches,
  markAlertsSeen,
} from './savedSearches.repository';
import { Alert, CreateBody, SavedSearch, SavedSearchAnswer, UpdateBody } from './savedSearches.schemas';
import {
  changeSavedSearch,
  createSavedSearch,
  loadSavedSearch,
  runSavedSearch,
  toSavedSearchDto,
} from './savedSearches.service';

/**
 * Saved searches (lead-search/saved-searches): a search's type, filters, location, list and count kept
 * under a name; re-run with one click; an optional daily or weekly alert (savedSearchAlerts.service.ts). Every
 * run adds only the leads the account does not hold yet, so a lead is never charged twice.
 */
export function savedSearchRoutes(api: FastifyInstance, { db, clock, queue }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = { onRequest: [app.requireAuth, app.requireModule('leads')] };

  app.get(
    '/api/saved-searches',
    {
      ...guard,
      schema: {
        summary: "The account's saved searches, newest first, with the number of alerts not seen yet",
        querystring: PageQuery,
        response: { 200: Page(SavedSearch, { unseen_alerts: Type.Integer() }) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      // An account's saved searches are few: exact counts are cheap.
      const counts = await countSavedSearches(db, userId);
      const rows = await listSavedSearches(db, userId, pageWindow(request.query));
      const runs = await lastRuns(
        db,
        rows.map((r) => r.id),
      );
      return {
        ...pageOf(
          rows.map((r) => toSavedSearchDto(r, runs.get(r.id) ?? null)),
          request.query,
          counts.total,
        ),
        unseen_alerts: counts.unseen,
      };
    },
  );

  app.post(
    '/api/saved-searches',
    {
      ...guard,
      schema: {
        summary: "Saves a search's filters under a name (optionally with a daily or weekly alert)",
        body: CreateBody,
        response: { 201: SavedSearchAnswer },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const id = await createSavedSearch(db, clock, userId, request.body);
      reply.code(201);
      return { ...say(request, 'savedSearch.created'), saved_search: await loadSavedSearch(db, userId, id) };
    },
  );

  app.get(
    '/api/saved-searches/:id',
    {
      ...guard,
      schema: { summary: 'One saved search with its last run', params: IdParams, response: { 200: SavedSearch } },
    },
    async (request) => loadSavedSearch(db, currentUser(request).id, request.params.id),
  );

  app.put(
    '/api/saved-searches/:id',
    {
      ...guard,
      schema: {
        summary: 'Renames a saved search or changes its alert',
        params: IdParams,
        body: UpdateBody,
        response: { 200: SavedSearchAnswer },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await changeSavedSearch(db, clock, userId, request.params.id, request.body);
      return {
        ...say(request, 'savedSearch.saved'),
        saved_search: await loadSavedSearch(db, userId, request.params.id),
      };
    },
  );

  app.delete(
    '/api/saved-searches/:id',
    {
      ...guard,
      schema: {
        summary: 'Deletes a saved search (the leads it added stay in their list)',
        params: IdParams,
        response: { 200: Type.Object(MessageProperties) },
      },
    },
    async (request) => {
      if (!(await deleteSavedSearch(db, currentUser(request).id, request.params.id))) throw notFound();
      return say(request, 'savedSearch.deleted');
    },
  );

  app.post(
    '/api/saved-searches/:id/run',
    {
      ...guard,
      schema: {
        summary:
          'Runs a saved search again into its list: only leads the account does not hold yet are added (and charged)',
        params: IdParams,
        response: { 201: Type.Object({ ...MessageProperties, saved_search: SavedSearch }) },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      await runSavedSearch(db, queue, clock, userId, request.params.id);
      reply.code(201);
      return {
        ...say(request, 'savedSearch.run_started'),
        saved_search: await loadSavedSearch(db, userId, request.params.id),
      };
    },
  );

  app.get(
    '/api/saved-search-alerts',
    {
      ...guard,
      schema: {
        summary: 'The alerts that found new leads, newest first',
        querystring: PageQuery,
        response: { 200: Page(Alert, { unseen: Type.Integer() }) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const counts = await countAlerts(db, userId);
      const data = await listAlerts(db, userId, pageWindow(request.query));
      return { ...pageOf(data, request.query, counts.total), unseen: counts.unseen };
    },
  );

  app.post(
    '/api/saved-search-alerts/seen',
    {
      ...guard,
      schema: {
        summary: 'Marks every alert as seen',
        response: { 200: Type.Object({ ...MessageProperties, updated: Type.Integer() }) },
      },
    },
    async (request) => {
      const rowCount = await markAlertsSeen(db, currentUser(request).id);
      return { ...say(request, 'savedSearch.alerts_seen'), updated: rowCount };
    },
  );
}
