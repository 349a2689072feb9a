import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { defineWebsiteCrawlWorker } from '../../workers/websiteCrawl';
import type { AppDeps } from '../../http/context';
import {
  Defaulted,
  Message,
  MessageProperties,
  Nullable,
  Page,
  StringEnum,
  Timestamp,
  Type,
  pageOf,
  pageWindow,
} from '../../http/contract';
import { say } from '../../http/respond';
import { requestAccountId } from './account.routes';
import { idParamsSchema, pageQuerySchema } from './account.schemas';
import { notFound } from './account.service';
import type { CrawlLimits } from './crawler.service';
import { countLinks, CRAWL_ERRORS, deleteLink, listLinks, type LinkKind } from './websiteLinks.repository';
import { addLink, changeLink, crawlStatus, parseUserUrl, startCrawl, storeCrawlOutcome } from './websiteLinks.service';

/**
 * Website and single-link training data (spec §7 Training). Adding a website
 * starts a crawl job (status pending); the browser polls check-crawled-status
 * every 2 s until it is completed or failed, and the links found are stored
 * as website links of the account.
 */
const LINK_KINDS = ['website', 'single'] as const satisfies readonly LinkKind[];
const LinkSchema = Type.Object({
  id: Type.Integer(),
  kind: StringEnum(LINK_KINDS),
  website: Type.String(),
  url: Type.String(),
  title: Type.String(),
  created_at: Timestamp(),
  updated_at: Timestamp(),
});
const SavedLink = Type.Object({ ...MessageProperties, data: LinkSchema });
const CrawledLinkSchema = Type.Object({ url: Type.String(), title: Type.String() });
const CRAWL_STATUSES = ['pending', 'completed', 'failed'] as const;
/** A crawl just queued: the browser polls check-crawled-status with `jobId`. */
const CrawlStarted = Type.Object({
  ...MessageProperties,
  jobId: Type.Integer(),
  website: Type.String(),
  status: StringEnum(CRAWL_STATUSES),
  links: Type.Array(CrawledLinkSchema),
});
const CrawlStatus = Type.Object({
  jobId: Type.Integer(),
  website: Type.String(),
  kind: StringEnum(LINK_KINDS),
  status: StringEnum(CRAWL_STATUSES),
  /** Why it failed. */
  error: Nullable(StringEnum(CRAWL_ERRORS)),
  linksData: Type.Array(CrawledLinkSchema),
});

const urlSchema = Type.String({ minLength: 1, maxLength: 2000 });
/** A link kind with a default (the list shows websites, a link added alone is a single page). */
const kindWithDefault = (kind: LinkKind) => Defaulted(StringEnum(LINK_KINDS, { default: kind }));

export function websiteLinkRoutes(
  api: FastifyInstance,
  { db, clock, queue }: AppDeps,
  auth: onRequestAsyncHookHandler,
  limits: CrawlLimits,
): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  // The crawl runs on the job queue (api/src/workers/websiteCrawl.ts), out of the request's process.
  defineWebsiteCrawlWorker(
    queue,
    db,
    limits,
    (job, outcome) => storeCrawlOutcome(db, job, outcome, () => clock.now()),
    () => clock.now(),
  );

  for (const [path, kind] of [
    ['/api/business-details/website', 'website'],
    ['/api/business-details/single-link', 'single'],
  ] as const) {
    app.post(
      path,
      {
        onRequest: auth,
        schema: {
          summary:
            kind === 'website' ? 'Crawl a website for training links' : 'Add one page as a training link (crawled)',
          body: Type.Object({ website: urlSchema }, { additionalProperties: false }),
          response: { 201: CrawlStarted },
        },
      },
      async (request, reply) => {
        const accountId = await requestAccountId(db, request);
        const url = parseUserUrl(request.body.website, 'website');
        const job = await startCrawl({ db, clock, queue }, accountId, url, kind);
        reply.code(201);
        return {
          ...say(request, 'settings.crawl_started'),
          jobId: job.id,
          website: job.website,
          status: 'pending' as const,
          links: [],
        };
      },
    );
  }

  app.get(
    '/api/business-details/check-crawled-status',
    {
      onRequest: auth,
      schema: {
        summary: "A crawl's status and the links it found",
        response: { 200: CrawlStatus },
        querystring: Type.Object(
          {
            job_id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
            website: Type.Optional(Type.String({ maxLength: 2000 })),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request) => {
      const accountId = await requestAccountId(db, request);
      const job = await crawlStatus({ db, clock }, accountId, request.query.job_id, limits.timeoutMs);
      return {
        jobId: job.id,
        website: job.website,
        kind: job.kind,
        status: job.status,
        error: job.error_code,
        linksData: job.links,
      };
    },
  );

  app.get(
    '/api/business-details/website-links',
    {
      onRequest: auth,
      schema: {
        summary: 'Your training links of one kind (paginated)',
        querystring: Type.Object(
          { ...pageQuerySchema, type: kindWithDefault('website') },
          { additionalProperties: false },
        ),
        response: { 200: Page(LinkSchema) },
      },
    },
    async (request) => {
      const accountId = await requestAccountId(db, request);
      const { type } = request.query;
      const rows = await listLinks(db, accountId, type, pageWindow(request.query));
      return pageOf(rows, request.query, await countLinks(db, accountId, type));
    },
  );

  app.post(
    '/api/business-details/website-links',
    {
      onRequest: auth,
      schema: {
        summary: 'Add a training link',
        body: Type.Object({ url: urlSchema, type: kindWithDefault('single') }, { additionalProperties: false }),
        response: { 201: SavedLink },
      },
    },
    async (request, reply) => {
      const accountId = await requestAccountId(db, request);
      const url = parseUserUrl(request.body.url, 'url');
      const row = await addLink({ db, clock }, accountId, url, request.body.type);
      reply.code(201);
      return { ...say(request, 'settings.link_created'), data: row };
    },
  );

  app.put(
    '/api/business-details/website-links/:id',
    {
      onRequest: auth,
      schema: {
        summary: 'Change a training link',
        params: idParamsSchema,
        body: Type.Object({ url: urlSchema }, { additionalProperties: false }),
        response: { 200: SavedLink },
      },
    },
    async (request) => {
      const accountId = await requestAccountId(db, request);
      const url = parseUserUrl(request.body.url, 'url');
      const row = await changeLink({ db, clock }, accountId, request.params.id, url);
      return { ...say(request, 'settings.link_updated'), data: row };
    },
  );

  app.delete(
    '/api/business-details/website-links/:id',
    {
      onRequest: auth,
      schema: { summary: 'Delete a training link', params: idParamsSchema, response: { 200: Message } },
    },
    async (request) => {
      const accountId = await requestAccountId(db, request);
      if (!(await deleteLink(db, request.params.id, accountId))) throw notFound();
      return say(request, 'settings.link_deleted');
    },
  );
}
