import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { defineWebsiteCrawlWorker, enqueueWebsiteCrawl } from '../../workers/websiteCrawl';
import type { Db } from '../../db';
import { isUniqueViolation } from '../../db';
import type { AppDeps } from '../../http/context';
import {
  Message,
  MessageProperties,
  Nullable,
  Page,
  StringEnum,
  Timestamp,
  Type,
  type Static,
} from '../../http/contract';
import { unprocessable, validationError } from '../../http/errors';
import { objectSchema } from '../../http/schemas';
import { outboundAllowList } from '../../net/outbound';
import { say } from '../../routes/respond';
import { requestAccountId } from './account.routes';
import {
  idParamsSchema,
  pageQuerySchema,
  type PageQuery,
  type Paginated,
} from './account.schemas';
import { notFound } from './account.service';
import { checkUrlTarget, crawl, type CrawledLink, type CrawlLimits } from './crawler.service';

/**
 * Website and single-link training data (spec §7 Training). Adding a website
 * starts a crawl job (status pending); the browser polls check-crawled-status
 * every 2 s until it is completed or failed, and the links found are stored
 * as website links of the account.
 */
type LinkKind = 'website' | 'single';

interface JobRow {
  id: number;
  website: string;
  kind: LinkKind;
  status: 'pending' | 'completed' | 'failed';
  error_code: (typeof CRAWL_ERRORS)[number] | null;
  links: CrawledLink[];
  created_at: Date;
}

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
type LinkRow = Static<typeof LinkSchema>;
const SavedLink = Type.Object({ ...MessageProperties, data: LinkSchema });
const CrawledLinkSchema = Type.Object({ url: Type.String(), title: Type.String() });
const CRAWL_STATUSES = ['pending', 'completed', 'failed'] as const;
const CRAWL_ERRORS = ['address_refused', 'unreachable'] as const;
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

/** An account may have this many crawls running at once. */
export const MAX_PENDING_CRAWLS = 3;

const LINK_COLUMNS = 'id, kind, website, url, title, created_at, updated_at';
const urlSchema = { type: 'string', minLength: 1, maxLength: 2000 } as const;

/** Parses and checks a URL typed by a user: http(s) only; a bare domain gets https://. */
export function parseUserUrl(raw: string, field: string): URL {
  const text = raw.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw validationError({ field, code: 'validation.url' });
  }
  const check = checkUrlTarget(url);
  if (check === 'invalid') throw validationError({ field, code: 'validation.url' });
  if (check === 'refused') throw unprocessable('settings.address_refused', field);
  // A single-label name ("intranet") is not a website, unless an operator allowed it.
  if (
    !url.hostname.includes('.') &&
    !url.hostname.includes(':') &&
    !outboundAllowList().hosts.has(url.hostname.toLowerCase())
  )
    throw validationError({ field, code: 'validation.url' });
  url.hash = '';
  return url;
}

async function storeOutcome(
  db: Db,
  job: { id: number; accountId: number; kind: LinkKind; website: string },
  outcome: Awaited<ReturnType<typeof crawl>>,
  now: () => Date,
) {
  await db.transaction(async (tx) => {
    const status = outcome.ok ? 'completed' : 'failed';
    // Once: a retried crawl job whose first run got this far stores nothing more.
    const pending = await tx.query(
      "SELECT 1 FROM settings_crawl_jobs WHERE id = $1 AND status = 'pending' FOR UPDATE",
      [job.id],
    );
    if (!pending.rowCount) return;
    await tx.query(
      'UPDATE settings_crawl_jobs SET status = $2, error_code = $3, links = $4::jsonb, finished_at = $5 WHERE id = $1',
      [job.id, status, outcome.ok ? null : outcome.error, JSON.stringify(outcome.links), now()],
    );
    for (const link of outcome.links) {
      await tx.query(
        `INSERT INTO settings_website_links (user_id, kind, website, url, title, job_id, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
         ON CONFLICT (user_id, kind, url) DO UPDATE SET title = EXCLUDED.title, job_id = EXCLUDED.job_id, updated_at = EXCLUDED.updated_at`,
        [job.accountId, job.kind, job.website, link.url, link.title, job.id, now()],
      );
    }
  });
}

export function websiteLinkRoutes(
  app: FastifyInstance,
  { db, clock, queue }: AppDeps,
  auth: onRequestAsyncHookHandler,
  limits: CrawlLimits,
): void {
  // The crawl runs on the job queue (api/src/workers/websiteCrawl.ts), out of the request's process.
  defineWebsiteCrawlWorker(
    queue,
    db,
    limits,
    (job, outcome) => storeOutcome(db, job, outcome, () => clock.now()),
    () => clock.now(),
  );

  for (const [path, kind] of [
    ['/api/business-details/website', 'website'],
    ['/api/business-details/single-link', 'single'],
  ] as const) {
    app.post<{ Body: { website: string } }>(
      path,
      {
        onRequest: auth,
        schema: {
          summary:
            kind === 'website' ? 'Crawl a website for training links' : 'Add one page as a training link (crawled)',
          body: objectSchema({ website: urlSchema }, ['website']),
          response: { 201: CrawlStarted },
        },
      },
      async (request, reply) => {
        const accountId = await requestAccountId(db, request);
        const url = parseUserUrl(request.body.website, 'website');
        const job = await db.transaction(async (tx) => {
          // Serialise per account so two quick clicks cannot both pass the limit.
          await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [accountId]);
          const pending = await tx.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM settings_crawl_jobs WHERE user_id = $1 AND status = 'pending'",
            [accountId],
          );
          if ((pending.rows[0]?.n ?? 0) >= MAX_PENDING_CRAWLS)
            throw unprocessable('settings.crawl_busy', 'website', { n: MAX_PENDING_CRAWLS });
          const { rows } = await tx.query<{ id: number }>(
            'INSERT INTO settings_crawl_jobs (user_id, website, kind, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
            [accountId, url.href, kind, clock.now()],
          );
          const created = { id: rows[0]!.id, accountId, kind, website: url.href };
          await enqueueWebsiteCrawl(queue, created, tx);
          return created;
        });
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

  app.get<{ Querystring: { job_id: number; website?: string } }>(
    '/api/business-details/check-crawled-status',
    {
      onRequest: auth,
      schema: {
        summary: "A crawl's status and the links it found",
        response: { 200: CrawlStatus },
        querystring: objectSchema(
          {
            job_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
            website: { type: 'string', maxLength: 2000 },
          },
          ['job_id'],
        ),
      },
    },
    async (request) => {
      const accountId = await requestAccountId(db, request);
      const { rows } = await db.query<JobRow>(
        'SELECT id, website, kind, status, error_code, links, created_at FROM settings_crawl_jobs WHERE id = $1 AND user_id = $2',
        [request.query.job_id, accountId],
      );
      const job = rows[0];
      if (!job) throw notFound();
      let status = job.status;
      // A job whose process died (restart) would stay pending forever: past twice the crawl timeout it has failed.
      if (
        status === 'pending' &&
        clock.now().getTime() - new Date(job.created_at).getTime() > 2 * limits.timeoutMs + 30_000
      ) {
        await db.query(
          "UPDATE settings_crawl_jobs SET status = 'failed', error_code = 'unreachable', finished_at = $2 WHERE id = $1 AND status = 'pending'",
          [job.id, clock.now()],
        );
        status = 'failed';
        job.error_code = 'unreachable';
      }
      return {
        jobId: job.id,
        website: job.website,
        kind: job.kind,
        status,
        error: job.error_code,
        linksData: job.links,
      };
    },
  );

  app.get<{ Querystring: PageQuery & { type: LinkKind } }>(
    '/api/business-details/website-links',
    {
      onRequest: auth,
      schema: {
        summary: 'Your training links of one kind (paginated)',
        querystring: objectSchema({
          ...pageQuerySchema,
          type: { type: 'string', enum: ['website', 'single'], default: 'website' },
        }),
        response: { 200: Page(LinkSchema) },
      },
    },
    async (request): Promise<Paginated<LinkRow>> => {
      const accountId = await requestAccountId(db, request);
      const { page, pageSize, type } = request.query;
      const { rows } = await db.query<LinkRow>(
        `SELECT ${LINK_COLUMNS} FROM settings_website_links WHERE user_id = $1 AND kind = $2 ORDER BY id DESC LIMIT $3 OFFSET $4`,
        [accountId, type, pageSize, (page - 1) * pageSize],
      );
      const count = await db.query<{ total: number }>(
        'SELECT count(*)::int AS total FROM settings_website_links WHERE user_id = $1 AND kind = $2',
        [accountId, type],
      );
      return { data: rows, currentPage: page, pageSize, total: count.rows[0]?.total ?? 0 };
    },
  );

  app.post<{ Body: { url: string; type?: LinkKind } }>(
    '/api/business-details/website-links',
    {
      onRequest: auth,
      schema: {
        summary: 'Add a training link',
        body: objectSchema(
          { url: urlSchema, type: { type: 'string', enum: ['website', 'single'], default: 'single' } },
          ['url'],
        ),
        response: { 201: SavedLink },
      },
    },
    async (request, reply) => {
      const accountId = await requestAccountId(db, request);
      const url = parseUserUrl(request.body.url, 'url');
      const kind = request.body.type ?? 'single';
      try {
        const { rows } = await db.query<LinkRow>(
          `INSERT INTO settings_website_links (user_id, kind, website, url, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5) RETURNING ${LINK_COLUMNS}`,
          [accountId, kind, url.origin, url.href, clock.now()],
        );
        reply.code(201);
        return { ...say(request, 'settings.link_created'), data: rows[0] };
      } catch (error) {
        if (isUniqueViolation(error)) throw unprocessable('settings.link_exists', 'url');
        throw error;
      }
    },
  );

  app.put<{ Body: { url: string }; Params: { id: number } }>(
    '/api/business-details/website-links/:id',
    {
      onRequest: auth,
      schema: {
        summary: 'Change a training link',
        params: idParamsSchema,
        body: objectSchema({ url: urlSchema }, ['url']),
        response: { 200: SavedLink },
      },
    },
    async (request) => {
      const accountId = await requestAccountId(db, request);
      const url = parseUserUrl(request.body.url, 'url');
      try {
        const { rows } = await db.query<LinkRow>(
          `UPDATE settings_website_links SET url = $3, updated_at = $4 WHERE id = $1 AND user_id = $2 RETURNING ${LINK_COLUMNS}`,
          [request.params.id, accountId, url.href, clock.now()],
        );
        if (!rows[0]) throw notFound();
        return { ...say(request, 'settings.link_updated'), data: rows[0] };
      } catch (error) {
        if (isUniqueViolation(error)) throw unprocessable('settings.link_exists', 'url');
        throw error;
      }
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/business-details/website-links/:id',
    {
      onRequest: auth,
      schema: { summary: 'Delete a training link', params: idParamsSchema, response: { 200: Message } },
    },
    async (request) => {
      const accountId = await requestAccountId(db, request);
      const { rowCount } = await db.query('DELETE FROM settings_website_links WHERE id = $1 AND user_id = $2', [
        request.params.id,
        accountId,
      ]);
      if (rowCount === 0) throw notFound();
      return say(request, 'settings.link_deleted');
    },
  );
}
