import type { Db, Queryable } from '../db';
import { EFFECT_LEASE_SECONDS } from '../effects/externalEffects';
import type { JobQueue } from '../queue/jobQueue';
import { crawl, type CrawlLimits } from '../modules/settings/crawler.service';
import { failPendingCrawl, isCrawlPending } from '../modules/settings/websiteLinks.repository';

export const WEBSITE_CRAWL = 'website-crawl';

export interface CrawlJob {
  id: number;
  accountId: number;
  kind: 'website' | 'single';
  website: string;
}

type Outcome = Awaited<ReturnType<typeof crawl>>;

/** Queues a business-profile crawl in the transaction that records its settings_crawl_jobs row. */
export async function enqueueWebsiteCrawl(queue: JobQueue, job: CrawlJob, tx: Queryable): Promise<void> {
  await queue.send(WEBSITE_CRAWL, job, { tx, singletonKey: `crawl:${job.id}` });
}

/**
 * Business-profile crawls (Settings → website links): the crawl runs in a worker process, outside
 * any transaction, and its links are stored once (the row must still be pending). A crawl whose
 * worker died is retried by the queue (expiry QUEUE_JOB_EXPIRE_SECONDS, at least 2 × the crawl timeout); after the last attempt the
 * job is recorded as failed.
 */
export function defineWebsiteCrawlWorker(
  queue: JobQueue,
  db: Db,
  limits: CrawlLimits,
  store: (job: CrawlJob, outcome: Outcome) => Promise<void>,
  now: () => Date,
): void {
  const retryLimit = 2;
  queue.define<CrawlJob>(
    WEBSITE_CRAWL,
    {
      policy: 'stately',
      expireInSeconds: Math.max(EFFECT_LEASE_SECONDS, Math.ceil((2 * limits.timeoutMs) / 1000)),
      retryLimit,
      retryDelay: 5,
      concurrency: 2,
    },
    async (job, attempt) => {
      if (!(await isCrawlPending(db, job.id))) return;
      try {
        await store(job, await crawl(job.website, limits, { maxDepth: job.kind === 'single' ? 0 : limits.maxDepth }));
      } catch (error) {
        if (attempt.retryCount < retryLimit) throw error;
        await failPendingCrawl(db, job.id, now());
      }
    },
  );
}
