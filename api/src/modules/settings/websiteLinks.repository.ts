import type { Queryable } from '../../db';
import type { CrawledLink, CrawlOutcome } from './crawler.service';
import type { PageWindow } from '../../http/contract';

export type LinkKind = 'website' | 'single';
export const CRAWL_ERRORS = ['address_refused', 'unreachable'] as const;

export interface JobRow {
  id: number;
  website: string;
  kind: LinkKind;
  status: 'pending' | 'completed' | 'failed';
  error_code: (typeof CRAWL_ERRORS)[number] | null;
  links: CrawledLink[];
  created_at: Date;
}

export interface LinkRow {
  id: number;
  kind: LinkKind;
  website: string;
  url: string;
  title: string;
  created_at: string | Date;
  updated_at: string | Date;
}

const LINK_COLUMNS = 'id, kind, website, url, title, created_at, updated_at';

/** Is the crawl job still pending (not finished by an earlier attempt)? */
export async function isCrawlPending(db: Queryable, jobId: number): Promise<boolean> {
  const pending = await db.query("SELECT 1 FROM settings_crawl_jobs WHERE id = $1 AND status = 'pending'", [jobId]);
  return Boolean(pending.rowCount);
}

/** Locks the crawl job while it is pending; false when it has finished already. */
export async function lockPendingCrawl(tx: Queryable, jobId: number): Promise<boolean> {
  const pending = await tx.query("SELECT 1 FROM settings_crawl_jobs WHERE id = $1 AND status = 'pending' FOR UPDATE", [
    jobId,
  ]);
  return Boolean(pending.rowCount);
}

export async function finishCrawl(tx: Queryable, jobId: number, outcome: CrawlOutcome, at: Date): Promise<void> {
  await tx.query(
    'UPDATE settings_crawl_jobs SET status = $2, error_code = $3, links = $4::jsonb, finished_at = $5 WHERE id = $1',
    [jobId, outcome.ok ? 'completed' : 'failed', outcome.ok ? null : outcome.error, JSON.stringify(outcome.links), at],
  );
}

/** A link a crawl found, kept once per account, kind and URL (found again: its title and job are the latest). */
export async function upsertCrawledLink(
  tx: Queryable,
  job: { id: number; accountId: number; kind: LinkKind; website: string },
  link: CrawledLink,
  at: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO settings_website_links (user_id, kind, website, url, title, job_id, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
         ON CONFLICT (user_id, kind, url) DO UPDATE SET title = EXCLUDED.title, job_id = EXCLUDED.job_id, updated_at = EXCLUDED.updated_at`,
    [job.accountId, job.kind, job.website, link.url, link.title, job.id, at],
  );
}

export async function countPendingCrawls(tx: Queryable, accountId: number): Promise<number> {
  const pending = await tx.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM settings_crawl_jobs WHERE user_id = $1 AND status = 'pending'",
    [accountId],
  );
  return pending.rows[0]?.n ?? 0;
}

export async function insertCrawl(
  tx: Queryable,
  accountId: number,
  website: string,
  kind: LinkKind,
  at: Date,
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    'INSERT INTO settings_crawl_jobs (user_id, website, kind, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
    [accountId, website, kind, at],
  );
  return rows[0]!.id;
}

export async function crawlOf(db: Queryable, jobId: number, accountId: number): Promise<JobRow | undefined> {
  const { rows } = await db.query<JobRow>(
    'SELECT id, website, kind, status, error_code, links, created_at FROM settings_crawl_jobs WHERE id = $1 AND user_id = $2',
    [jobId, accountId],
  );
  return rows[0];
}

/** Marks a still-pending crawl failed (unreachable). */
export async function failPendingCrawl(db: Queryable, jobId: number, at: Date): Promise<void> {
  await db.query(
    "UPDATE settings_crawl_jobs SET status = 'failed', error_code = 'unreachable', finished_at = $2 WHERE id = $1 AND status = 'pending'",
    [jobId, at],
  );
}

export async function listLinks(
  db: Queryable,
  accountId: number,
  kind: LinkKind,
  { limit, offset }: PageWindow,
): Promise<LinkRow[]> {
  const { rows } = await db.query<LinkRow>(
    `SELECT ${LINK_COLUMNS} FROM settings_website_links WHERE user_id = $1 AND kind = $2 ORDER BY id DESC LIMIT $3 OFFSET $4`,
    [accountId, kind, limit, offset],
  );
  return rows;
}

export async function countLinks(db: Queryable, accountId: number, kind: LinkKind): Promise<number> {
  const count = await db.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM settings_website_links WHERE user_id = $1 AND kind = $2',
    [accountId, kind],
  );
  return count.rows[0]?.total ?? 0;
}

/** Throws the driver's unique violation when the account has that URL of that kind already. */
export async function insertLink(
  db: Queryable,
  accountId: number,
  link: { kind: LinkKind; website: string; url: string },
  at: Date,
): Promise<LinkRow> {
  const { rows } = await db.query<LinkRow>(
    `INSERT INTO settings_website_links (user_id, kind, website, url, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5) RETURNING ${LINK_COLUMNS}`,
    [accountId, link.kind, link.website, link.url, at],
  );
  return rows[0]!;
}

/** Undefined when the account has no link of that id; the driver's unique violation when the URL is taken. */
export async function updateLinkUrl(
  db: Queryable,
  id: number,
  accountId: number,
  url: string,
  at: Date,
): Promise<LinkRow | undefined> {
  const { rows } = await db.query<LinkRow>(
    `UPDATE settings_website_links SET url = $3, updated_at = $4 WHERE id = $1 AND user_id = $2 RETURNING ${LINK_COLUMNS}`,
    [id, accountId, url, at],
  );
  return rows[0];
}

/** Whether the account had that link (it is gone now). */
export async function deleteLink(db: Queryable, id: number, accountId: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM settings_website_links WHERE id = $1 AND user_id = $2', [
    id,
    accountId,
  ]);
  return rowCount > 0;
}
