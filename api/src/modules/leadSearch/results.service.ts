/**
 * The rules of a list's results on the list screen (spec §3, §5): a page with its total (capped, estimated past a
 * budget, cached a moment), the CSV file, one result, deletions (undoable when selected one by one), a result added
 * by hand with its checks per list type. The SQL is in results.repository.ts.
 */
import type { Clock } from '../../clock';
import type { Db, SqlParam } from '../../db';
import { unprocessable, validationError, type FieldIssue } from '../../http/errors';
import type { SearchType } from '../../providers/leads';
import type { JobQueue } from '../../queue/jobQueue';
import { loadCampaign, loadCampaignWith, notFound } from './campaigns.service';
import { type CampaignDto } from './campaigns.schemas';
import { recordListEvent, type ListActor } from './listHistory.repository';
import { deleteResultsUndoably } from './listOperations.repository';
import { type ResultDto } from './campaigns.schemas';
import { queueWebhookEvent } from '../../workers/settingsWebhook';
import { csvHeader } from './csv';
import { csvBatch } from './csv.repository';
import { resultWhere, type ResultFilters } from './resultQuery.repository';
import {
  COUNT_CAP,
  countMatching,
  deleteMatching,
  estimateMatching,
  findResult,
  insertManualResult,
  limitStatementTime,
  lowerResultCount,
  pageJsonSql,
  type ManualResult,
  type PagePosition,
  type ResultRow,
} from './results.repository';
import { exportWhere } from './suppressions.repository';
import type { ManualBody } from './results.schemas';

export { COUNT_CAP };

/**
 * What the count of a filtered page may cost on PostgreSQL (ms). A filter no index narrows (a city that
 * few rows hold, say) makes the count read the whole list; past this budget the page shows the planner's
 * estimate, marked "about". PGlite has no statement timeout: its count is always exact (capped).
 */
export const COUNT_BUDGET_MS = 50;
/** Rows per query of a CSV export: the export holds one batch in memory, whatever the list's size. */
const CSV_BATCH = 2000;

const URL_RE = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const toDto = (r: ResultRow): ResultDto => ({
  ...r,
  created_at: r.created_at instanceof Date ? r.created_at.toISOString() : new Date(r.created_at).toISOString(),
});

export interface FilteredTotal {
  total: number;
  /** More rows than `total` match (the count stopped at COUNT_CAP). */
  capped: boolean;
  /** `total` is the planner's estimate: counting would have cost more than the budget. */
  estimated: boolean;
}

/**
 * The total of a filtered page, counted up to COUNT_CAP + 1 rows of a list of the user's (another account's
 * list counts nothing). On PostgreSQL the count gets `budgetMs`; past it, the planner's estimate of the rows
 * matching (the caller keeps it within the list's size).
 */
export async function filteredTotal(
  db: Db,
  where: { sql: string; params: SqlParam[] },
  userId: number,
  budgetMs = COUNT_BUDGET_MS,
): Promise<FilteredTotal> {
  const exact = (n: number): FilteredTotal => ({
    total: Math.min(n, COUNT_CAP),
    capped: n > COUNT_CAP,
    estimated: false,
  });
  if (db.kind !== 'postgres') return exact(await countMatching(db, where, userId));
  try {
    return exact(
      await db.transaction(async (tx) => {
        await limitStatementTime(tx, budgetMs);
        return countMatching(tx, where, userId);
      }),
    );
  } catch (error) {
    // 57014: canceled by the statement timeout.
    if ((error as { code?: unknown }).code !== '57014') throw error;
    return { total: await estimateMatching(db, where), capped: false, estimated: true };
  }
}

/** How long a filtered total is reused for the same list and filters (page turns do not count again). */
export const COUNT_TTL_MS = 30_000;
const COUNT_CACHE_MAX = 1000;

/**
 * Filtered totals of this process, by user, list and filters. An entry serves while it is younger than
 * COUNT_TTL_MS and the list's size and updated_at are the ones it was counted at (results added or deleted
 * count again at once; a label or a CRM send changes a labelled or sent total within COUNT_TTL_MS).
 */
export class CountCache {
  private readonly entries = new Map<string, { at: number; stamp: string; value: FilteredTotal }>();

  get(key: string, now: number): { stamp: string; value: FilteredTotal } | undefined {
    const entry = this.entries.get(key);
    if (entry && now - entry.at < COUNT_TTL_MS) return entry;
    if (entry) this.entries.delete(key);
    return undefined;
  }

  set(key: string, now: number, stamp: string, value: FilteredTotal): void {
    this.entries.delete(key);
    this.entries.set(key, { at: now, stamp, value });
    // The oldest entry goes first (a Map keeps insertion order).
    if (this.entries.size > COUNT_CACHE_MAX) this.entries.delete(this.entries.keys().next().value!);
  }
}

const listStamp = (campaign: CampaignDto) => `${campaign.result_count}:${campaign.updated_at}`;

/** The user's list of the type in the URL; any other type (or another account's list) is not this list: 404. */
export async function listOfType(db: Db, userId: number, type: SearchType, id: number): Promise<CampaignDto> {
  const campaign = await loadCampaign(db, userId, id);
  // The type in the URL must be the list's own type; anything else is not this list.
  if (campaign.list_type !== type) throw notFound();
  return campaign;
}

/**
 * A page of the list as the JSON text of the page envelope (ADR 016: `{ data, currentPage, pageSize, total }` with
 * total_capped, total_estimated and the list). The list, its latest job and the page are read in one statement, and
 * the page comes back as JSON text and goes out as it is: no parse, copy and stringify of every row.
 */
export async function resultsPageJson(
  db: Db,
  clock: Clock,
  counts: CountCache,
  userId: number,
  type: SearchType,
  id: number,
  f: ResultFilters,
): Promise<string> {
  const limit = f.limit ?? 20;
  const page = f.page ?? 1;
  if (f.after !== undefined && f.before !== undefined)
    throw validationError({ field: 'before', code: 'leadSearch.after_or_before' });
  const where = resultWhere(id, f);
  const params = [...where.params];
  const cursor = f.after ?? f.before;
  const position: PagePosition =
    cursor === undefined
      ? { offset: (page - 1) * limit }
      : f.after !== undefined
        ? { after: `$${params.push(cursor)}` }
        : { before: `$${params.push(cursor)}` };
  // The list, its latest job and the page in one statement: PGlite runs one statement at a time,
  // so round trips, not rows, bound this endpoint under load (bench: list endpoint p95).
  // No exact count per page on a big list: the cached count when unfiltered, else filteredTotal (capped,
  // within a budget), run beside the page on PostgreSQL (a second connection).
  // A total counted for the same list and filters moments ago serves again (CountCache).
  const now = clock.now().getTime();
  const countKey = where.filtered ? JSON.stringify([userId, where.sql, where.params]) : null;
  const cached = countKey ? counts.get(countKey, now) : undefined;
  const counted = countKey && !cached ? filteredTotal(db, where, userId) : null;
  counted?.catch(() => undefined);
  const { campaign, rows: pageJson } = await loadCampaignWith<string>(
    db,
    userId,
    id,
    pageJsonSql(where.sql, limit, position, where.fewMatches, f.sort),
    params,
  );
  if (campaign.list_type !== type) throw notFound();
  let filtered: FilteredTotal = { total: campaign.result_count, capped: false, estimated: false };
  if (countKey) {
    const stamp = listStamp(campaign);
    if (cached?.stamp === stamp) filtered = cached.value;
    else {
      filtered = await (counted ?? filteredTotal(db, where, userId));
      counts.set(countKey, now, stamp, filtered);
    }
  }
  const { total, capped, estimated } = filtered;
  // The page envelope of ADR 016: { data, currentPage, pageSize, total }.
  const rest = JSON.stringify({
    currentPage: page,
    pageSize: limit,
    total: estimated ? Math.min(total, campaign.result_count) : total,
    total_capped: capped,
    total_estimated: estimated,
    campaign,
  });
  return `{"data":${pageJson},${rest.slice(1)}`;
}

/** The CSV file of the rows matching `where`, as text chunks: the header, then one chunk per keyset batch. */
async function* csvChunks(db: Db, where: { sql: string; params: SqlParam[] }): AsyncGenerator<string> {
  yield csvHeader();
  let after = 0;
  for (;;) {
    const batch = await csvBatch(db, where, after, CSV_BATCH);
    if (batch.rows === 0) return;
    yield batch.text;
    after = batch.lastId;
  }
}

/**
 * The CSV file of the list's rows matching the filters: its name and its text chunks, read one keyset batch at a
 * time as they are pulled (memory stays flat for a list of any size, no transaction stays open while the client
 * reads). Rows on the do-not-contact list stay out unless asked for. The list's history records the export.
 */
export async function csvExport(
  db: Db,
  userId: number,
  type: SearchType,
  id: number,
  filters: ResultFilters,
  actor: ListActor,
): Promise<{ fileName: string; chunks: AsyncGenerator<string> }> {
  const campaign = await listOfType(db, userId, type, id);
  // Rows on the do-not-contact list stay out of the file unless the user asks for them.
  const where = exportWhere(campaign.id, filters);
  const fileName = `${campaign.name.replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '') || 'list'}-${campaign.id}.csv`;
  // The history records the export as asked for (the rows are counted while they stream, not before).
  await recordListEvent(db, campaign.id, actor, 'export', {
    format: 'csv',
    filtered: where.params.length > 1,
  });
  return { fileName, chunks: csvChunks(db, where) };
}

/** One result of the user's list; 404 when the list or the result is not there. */
export async function listResult(
  db: Db,
  userId: number,
  type: SearchType,
  id: number,
  resultId: number,
): Promise<ResultDto> {
  const campaign = await listOfType(db, userId, type, id);
  const row = await findResult(db, campaign.id, resultId);
  if (!row) throw notFound();
  return toDto(row);
}

/**
 * Deletes the selected results (undoable: answers the operation's id) or every result matching the filters (not
 * undoable, ADR 034); results still looking are kept. The list's count and history change in the same transaction.
 */
export async function deleteListResults(
  db: Db,
  clock: Clock,
  userId: number,
  type: SearchType,
  id: number,
  { ids, all_matching, filters }: { ids?: number[]; all_matching?: boolean; filters?: ResultFilters },
  actor: ListActor,
): Promise<{ deleted: number; undoId: number | null }> {
  const campaign = await listOfType(db, userId, type, id);
  if (!all_matching && !ids?.length) throw validationError({ field: 'ids', code: 'validation.required' });
  return db.transaction(async (tx) => {
    let count: number;
    let undo: number | null = null;
    if (all_matching) {
      // Every row matching the filters, across all pages (select-all): not journalled for an undo (ADR 034).
      count = await deleteMatching(tx, resultWhere(campaign.id, filters ?? {}));
    } else {
      ({ count, undoId: undo } = await deleteResultsUndoably(tx, userId, campaign.id, ids!, clock.now()));
    }
    await lowerResultCount(tx, campaign.id, count);
    if (count > 0)
      await recordListEvent(tx, campaign.id, actor, 'bulk_delete', {
        count,
        all_matching: Boolean(all_matching),
      });
    return { deleted: count, undoId: undo };
  });
}

/** The fields a result added by hand may carry, per list type (null: the type takes none). */
const MANUAL_FIELDS: Record<SearchType, readonly (keyof ManualBody)[] | null> = {
  local: [
    'website',
    'name',
    'country',
    'city',
    'state',
    'postal_code',
    'street',
    'first_name',
    'last_name',
    'email',
    'phone',
  ],
  company: [
    'website',
    'name',
    'country',
    'city',
    'state',
    'postal_code',
    'street',
    'first_name',
    'last_name',
    'email',
    'phone',
  ],
  people: ['linkedin_url', 'email', 'company', 'name', 'position'],
  group: ['linkedin_url', 'email', 'company', 'name', 'position'],
  influencer: ['urls'],
  domain: null,
  intent: null,
};

/** The result a hand-written body makes for a list of the type, with what is wrong with it. */
function manualResult(type: SearchType, b: ManualBody): { row: ManualResult; issues: FieldIssue[] } {
  const has = (v: string | undefined) => Boolean(v?.trim());
  const issues: FieldIssue[] = [];
  const allowed = MANUAL_FIELDS[type];
  if (!allowed) throw unprocessable('leadSearch.manual_not_supported', undefined, { type });
  for (const key of Object.keys(b) as (keyof ManualBody)[])
    if (!allowed.includes(key)) issues.push({ field: key, code: 'validation.unknown_field' });
  if (has(b.email) && !EMAIL_RE.test(b.email!.trim())) issues.push({ field: 'email', code: 'validation.email' });
  if (type === 'local' || type === 'company') {
    if (!has(b.website)) issues.push({ field: 'website', code: 'validation.required' });
    else if (!URL_RE.test(b.website!.trim())) issues.push({ field: 'website', code: 'validation.url' });
    const person = [b.first_name, b.last_name].filter(has).join(' ');
    const row = {
      name: b.name?.trim() || person || (b.website ?? '').trim(),
      company: b.name?.trim() || null,
      job_title: null,
      website: b.website?.trim() ?? null,
      city: b.city?.trim() || null,
      email: b.email?.trim() || null,
      phone: b.phone?.trim() || null,
      data: {
        country: b.country ?? null,
        state: b.state ?? null,
        postal_code: b.postal_code ?? null,
        street: b.street ?? null,
        contact: person || null,
      },
    };
    return { row, issues };
  }
  if (type === 'people' || type === 'group') {
    // Spec §5: a person needs a LinkedIn URL, an email or a name (one message, on the first field).
    if (!has(b.linkedin_url) && !has(b.email) && !has(b.name))
      issues.push({ field: 'linkedin_url', code: 'leadSearch.manual_people' });
    if (has(b.linkedin_url) && !URL_RE.test(b.linkedin_url!.trim()))
      issues.push({ field: 'linkedin_url', code: 'validation.url' });
    const row = {
      name: b.name?.trim() || b.email?.trim() || b.linkedin_url?.trim() || '',
      company: b.company?.trim() || null,
      job_title: b.position?.trim() || null,
      website: null,
      city: null,
      email: b.email?.trim() || null,
      phone: null,
      data: { linkedin_url: b.linkedin_url?.trim() || null },
    };
    return { row, issues };
  }
  const urls = (b.urls ?? []).map((u) => u.trim()).filter(Boolean);
  if (urls.length === 0) issues.push({ field: 'urls', code: 'validation.required' });
  urls.forEach((u, i) => {
    if (!URL_RE.test(u)) issues.push({ field: `urls.${i}`, code: 'validation.url' });
  });
  const row = {
    name: urls[0] ?? '',
    company: null,
    job_title: null,
    website: urls[0] ?? null,
    city: null,
    email: null,
    phone: null,
    data: { urls },
  };
  return { row, issues };
}

/**
 * Adds a result by hand to the user's list (the fields depend on the list type, spec §5): stored, counted and
 * recorded in the list's history, with the account's lead.created webhooks queued, in one transaction.
 */
export async function addManualResult(
  db: Db,
  queue: JobQueue,
  clock: Clock,
  userId: number,
  type: SearchType,
  id: number,
  body: ManualBody,
  actor: ListActor,
): Promise<ResultDto> {
  const campaign = await listOfType(db, userId, type, id);
  const { row, issues } = manualResult(type, body);
  if (issues.length) throw validationError(...issues);
  const created = await db.transaction(async (tx) => {
    const inserted = await insertManualResult(tx, campaign.id, userId, row);
    await recordListEvent(tx, campaign.id, actor, 'manual_entry', { count: 1, name: inserted.name });
    const lead = {
      id: inserted.id,
      name: inserted.name,
      company: inserted.company,
      job_title: inserted.job_title,
      email: inserted.email,
      phone: inserted.phone,
      website: inserted.website,
      city: inserted.city,
      email_status: inserted.email_status,
      manual: true,
    };
    await queueWebhookEvent(
      queue,
      tx,
      userId,
      'lead.created',
      { list_id: campaign.id, search_id: null, leads: [lead] },
      clock.now(),
    );
    return inserted;
  });
  return toDto(created);
}
