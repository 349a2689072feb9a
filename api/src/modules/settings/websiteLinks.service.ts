import type { Clock } from '../../clock';
import type { Db } from '../../db';
import { isUniqueViolation } from '../../db';
import type { AppDeps } from '../../http/context';
import { unprocessable, validationError } from '../../http/errors';
import { outboundAllowList } from '../../net/outbound';
import { enqueueWebsiteCrawl } from '../../workers/websiteCrawl';
import { notFound, refuseAtLimit } from './account.service';
import { checkUrlTarget, type CrawlOutcome } from './crawler.service';
import {
  countPendingCrawls,
  crawlOf,
  failPendingCrawl,
  finishCrawl,
  insertCrawl,
  insertLink,
  lockPendingCrawl,
  updateLinkUrl,
  upsertCrawledLink,
  type JobRow,
  type LinkKind,
  type LinkRow,
} from './websiteLinks.repository';

/** An account may have this many crawls running at once. */
export const MAX_PENDING_CRAWLS = 3;

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

/** Stores a crawl's outcome and the links it found, once: a retried job whose first run got this far stores nothing more. */
export async function storeCrawlOutcome(
  db: Db,
  job: { id: number; accountId: number; kind: LinkKind; website: string },
  outcome: CrawlOutcome,
  now: () => Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockPendingCrawl(tx, job.id))) return;
    await finishCrawl(tx, job.id, outcome, now());
    for (const link of outcome.links) await upsertCrawledLink(tx, job, link, now());
  });
}

/** Queues a crawl of `url` for the account (at most MAX_PENDING_CRAWLS at once). */
export async function startCrawl(
  { db, clock, queue }: Pick<AppDeps, 'db' | 'clock' | 'queue'>,
  accountId: number,
  url: URL,
  kind: LinkKind,
): Promise<{ id: number; accountId: number; kind: LinkKind; website: string }> {
  return db.transaction(async (tx) => {
    await refuseAtLimit(tx, accountId, countPendingCrawls, MAX_PENDING_CRAWLS, () =>
      unprocessable('settings.crawl_busy', 'website', { n: MAX_PENDING_CRAWLS }),
    );
    const id = await insertCrawl(tx, accountId, url.href, kind, clock.now());
    const created = { id, accountId, kind, website: url.href };
    await enqueueWebsiteCrawl(queue, created, tx);
    return created;
  });
}

/**
 * The account's crawl job (404 for another's). A job whose process died (restart) would stay pending forever:
 * past twice the crawl timeout (`timeoutMs`) it has failed.
 */
export async function crawlStatus(
  { db, clock }: { db: Db; clock: Clock },
  accountId: number,
  jobId: number,
  timeoutMs: number,
): Promise<JobRow> {
  const job = await crawlOf(db, jobId, accountId);
  if (!job) throw notFound();
  if (job.status === 'pending' && clock.now().getTime() - new Date(job.created_at).getTime() > 2 * timeoutMs + 30_000) {
    await failPendingCrawl(db, job.id, clock.now());
    return { ...job, status: 'failed', error_code: 'unreachable' };
  }
  return job;
}

/** A link already kept for the account is 422 on `url`. */
async function refuseTaken<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw unprocessable('settings.link_exists', 'url');
    throw error;
  }
}

export async function addLink(
  { db, clock }: { db: Db; clock: Clock },
  accountId: number,
  url: URL,
  kind: LinkKind,
): Promise<LinkRow> {
  return refuseTaken(() => insertLink(db, accountId, { kind, website: url.origin, url: url.href }, clock.now()));
}

export async function changeLink(
  { db, clock }: { db: Db; clock: Clock },
  accountId: number,
  id: number,
  url: URL,
): Promise<LinkRow> {
  return refuseTaken(async () => {
    const row = await updateLinkUrl(db, id, accountId, url.href, clock.now());
    if (!row) throw notFound();
    return row;
  });
}
