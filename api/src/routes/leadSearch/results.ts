import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { SqlParam } from '../../db';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { queueWebhookEvent } from '../../workers/settingsWebhook';
import { unprocessable, validationError, type FieldIssue } from '../../http/errors';
import { objectSchema } from '../../http/schemas';
import type { SearchType } from '../../providers/leads';
import { say } from '../respond';
import { MessageProperties, Nullable, Page, Type } from '../../http/contract';
import { loadCampaign, loadCampaignWith, notFound } from '../../modules/leadSearch/campaigns.service';
import { type CampaignDto } from '../../modules/leadSearch/campaigns.repository';
import { CampaignSchema, ResultSchema, type ResultDto } from '../../modules/leadSearch/campaigns.schemas';
import { csvBatch, csvHeader } from './csv';
import { labelsOf } from '../../modules/leadSearch/resultLabels.repository';
import { listTypeIn, type ListPath } from '../../modules/leadSearch/listPath';
import { actorOf } from '../../modules/leadSearch/listHistory.routes';
import { recordListEvent } from '../../modules/leadSearch/listHistory.repository';
import { deleteResultsUndoably } from '../../modules/leadSearch/listOperations.repository';
import { resultFiltersSchema, resultWhere, sortKeys, type ResultFilters, type ResultSort } from './resultQuery';
import { duplicateOfSql, exportWhere, listSuppressedSql } from '../../modules/leadSearch/suppressions.repository';

const ROW_FIELDS = `r.id::int AS id, r.name, r.company, r.job_title, r.website, r.city, r.email, r.phone, r.email_status, r.email_grade, r.email_grade_reason, r.bounced_at IS NOT NULL AS bounced, r.crm_status, r.crm_provider, r.crm_error, r.crm_error_detail, r.sent, r.manual, r.credits, r.data`;
const RESULT_COLUMNS = `${ROW_FIELDS}, ${labelsOf('r')} AS labels, ${listSuppressedSql('r')} AS suppressed, ${duplicateOfSql('r')} AS duplicate_of, r.created_at`;
/** Where a page starts: OFFSET rows in (page numbers without a position), or keyset, after or before an id. */
type PagePosition = { offset: number } | { after: string } | { before: string };
/**
 * The page of the list as JSON text built by the database, `created_at` as JavaScript's toISOString()
 * writes it. Labels are looked up for the page's rows only, after LIMIT (not for skipped rows).
 * `ORDER BY r.campaign_id, r.id` (the same order under `campaign_id = $1`) only the list index gives:
 * the plan that is prepared once stays right for a list of 20 rows and one of 1,000,000. A keyset
 * position (`r.id > $n`, or the rows just before `$n` read backwards) walks no row before the page, so
 * page 40,000 costs what page 1 costs; OFFSET walks every row before the page.
 */
const pageJsonSql = (where: string, limit: number, position: PagePosition, fewMatches = false, sort?: ResultSort) => {
  const backwards = 'before' in position;
  const { keys, desc } = sortKeys(sort, 'r');
  // Read forwards in the sort's direction, or backwards from a `before` cursor (then put back in order by json_agg).
  const reading = desc !== backwards ? ' DESC' : '';
  const cursor = 'after' in position ? position.after : backwards ? position.before : null;
  // The keyset condition: past the cursor row in reading order, as one row comparison the sort's index answers as a
  // range. The cursor row's other keys are read by scalar subqueries (run once, before the scan).
  const cursorKeys = sortKeys(sort, 'k').keys.map((k, i) =>
    i === keys.length - 1
      ? cursor
      : `(SELECT ${k} FROM campaign_results k WHERE k.id = ${cursor} AND k.campaign_id = $1)`,
  );
  const keyset =
    cursor === null
      ? ''
      : keys.length === 1
        ? ` AND r.id ${reading ? '<' : '>'} ${cursor}`
        : ` AND (${keys.join(', ')}) ${reading ? '<' : '>'} (${cursorKeys.join(', ')})`;
  const order = ['r.campaign_id', ...keys].map((k) => `${k}${reading}`).join(', ');
  const offset = 'offset' in position && position.offset > 0 ? ` OFFSET ${position.offset}` : '';
  // fewMatches (resultWhere): the matching rows are read first, behind an OFFSET 0 fence the planner does not
  // look through, then sorted; without it the page order may be read off the list index, row by row.
  const from = fewMatches
    ? `(SELECT * FROM campaign_results r WHERE ${where}${keyset} OFFSET 0) r`
    : `campaign_results r WHERE ${where}${keyset}`;
  const pageOrder = sortKeys(sort, 'p')
    .keys.map((k) => `${k}${desc ? ' DESC' : ''}`)
    .join(', ');
  return `SELECT COALESCE(json_agg(p ORDER BY ${pageOrder}), '[]'::json)::text
     FROM (SELECT q.*, ${labelsOf('q')} AS labels, ${listSuppressedSql('q')} AS suppressed, ${duplicateOfSql('q')} AS duplicate_of
             FROM (SELECT ${ROW_FIELDS}, to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
                     FROM ${from} ORDER BY ${order} LIMIT ${limit}${offset}) q) p`;
};
/** Above this many matching rows a filtered total is shown as "more than". */
export const COUNT_CAP = 10_000;
/**
 * What the count of a filtered page may cost on PostgreSQL (ms). A filter no index narrows (a city that
 * few rows hold, say) makes the count read the whole list; past this budget the page shows the planner's
 * estimate, marked "about". PGlite has no statement timeout: its count is always exact (capped).
 */
export const COUNT_BUDGET_MS = 50;
/** Rows per query of a CSV export: the export holds one batch in memory, whatever the list's size. */
const CSV_BATCH = 2000;

const idParams = objectSchema({ id: { type: 'integer', minimum: 1, maximum: 2147483647 } }, ['id']);
const resultParams = objectSchema(
  {
    id: { type: 'integer', minimum: 1, maximum: 2147483647 },
    resultId: { type: 'integer', minimum: 1, maximum: 9007199254740991 },
  },
  ['id', 'resultId'],
);
const optionalText = (max = 200) => ({ type: 'string', maxLength: max }) as const;
const URL_RE = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type RowOut = Omit<ResultDto, 'created_at'> & { created_at: Date | string };
const toDto = (r: RowOut): ResultDto => ({
  ...r,
  created_at: r.created_at instanceof Date ? r.created_at.toISOString() : new Date(r.created_at).toISOString(),
});

interface ManualBody {
  website?: string;
  name?: string;
  country?: string;
  city?: string;
  state?: string;
  postal_code?: string;
  street?: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
  linkedin_url?: string;
  company?: string;
  position?: string;
  urls?: string[];
}

/**
 * A page of a list: the one page envelope, with whether its total is capped or estimated (a filtered count of
 * a big list) and the list itself (its job and enrichment progress), read in the same statement.
 */
export const ResultsPage = Page(ResultSchema, {
  total_capped: Type.Boolean({ description: `More rows match than total (the count stopped at ${COUNT_CAP}).` }),
  total_estimated: Type.Boolean({
    description: "total is the planner's estimate: counting this filter would have read too much of a big list.",
  }),
  campaign: CampaignSchema,
});

/** The schemas of the per-list result routes (their answers are the contract of ADR 016). */
const schemas = {
  // The page leaves as JSON text the database built (no serialisation): leadSearch-campaigns checks it against ResultsPage.
  page: {
    summary: 'A page of the list, filtered (spec §3 list query)',
    params: idParams,
    body: resultFiltersSchema,
    response: { 200: ResultsPage },
  },
  csv: {
    summary: 'Every result matching the filters as a CSV file (streamed)',
    params: idParams,
    body: resultFiltersSchema,
    response: {
      200: {
        description: 'The CSV file (UTF-8 with a byte order mark)',
        content: { 'text/csv': { schema: Type.String() } },
      },
    },
  },
  one: { summary: 'One result of the list', params: resultParams, response: { 200: ResultSchema } },
};

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
  db: AppDeps['db'],
  where: { sql: string; params: SqlParam[] },
  userId: number,
  budgetMs = COUNT_BUDGET_MS,
): Promise<FilteredTotal> {
  const owner = `$${where.params.length + 1}`;
  const countSql = `SELECT count(*)::int AS n FROM (SELECT 1 FROM campaign_results r WHERE ${where.sql}
                      AND EXISTS (SELECT 1 FROM campaigns c WHERE c.id = $1 AND c.user_id = ${owner}) LIMIT ${COUNT_CAP + 1}) s`;
  const params = [...where.params, userId];
  const exact = (n: number): FilteredTotal => ({
    total: Math.min(n, COUNT_CAP),
    capped: n > COUNT_CAP,
    estimated: false,
  });
  if (db.kind !== 'postgres') return exact((await db.query<{ n: number }>(countSql, params)).rows[0]?.n ?? 0);
  try {
    return exact(
      await db.transaction(async (tx) => {
        await tx.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.round(budgetMs))}`);
        return (await tx.query<{ n: number }>(countSql, params)).rows[0]?.n ?? 0;
      }),
    );
  } catch (error) {
    // 57014: canceled by the statement timeout.
    if ((error as { code?: unknown }).code !== '57014') throw error;
    const plan = (
      await db.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
        `EXPLAIN (FORMAT JSON) SELECT 1 FROM campaign_results r WHERE ${where.sql}`,
        where.params,
      )
    ).rows[0];
    const estimate = Math.round(plan?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
    return { total: estimate, capped: false, estimated: true };
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
class CountCache {
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

/** The CSV file of the rows matching `where`, as text chunks: the header, then one chunk per keyset batch. */
async function* csvChunks(db: AppDeps['db'], where: { sql: string; params: SqlParam[] }): AsyncGenerator<string> {
  yield csvHeader();
  let after = 0;
  for (;;) {
    const batch = await csvBatch(db, where, after, CSV_BATCH);
    if (batch.rows === 0) return;
    yield batch.text;
    after = batch.lastId;
  }
}

/** `POST /api/{type}-results/{id}` and the other per-list result calls (spec §7), one set per list type. */
export function resultRoutes(app: FastifyInstance, { db, queue, clock }: AppDeps): void {
  const guard = { onRequest: [app.requireAuth, app.requireModule('leads')] };
  const counts = new CountCache();

  async function listFor(userId: number, type: SearchType, id: number): Promise<CampaignDto> {
    const campaign = await loadCampaign(db, userId, id);
    // The type in the URL must be the list's own type; anything else is not this list.
    if (campaign.list_type !== type) throw notFound();
    return campaign;
  }

  /** `POST /api/{type}-results/{id}`: a page of the list. */
  function pageRoute(path: ListPath): void {
    const type = listTypeIn(path);
    app.post<{ Params: { id: number }; Body: ResultFilters }>(
      path,
      { ...guard, schema: schemas.page },
      async (request, reply) => {
        const userId = currentUser(request).id;
        const f = request.body ?? {};
        const limit = f.limit ?? 20;
        const page = f.page ?? 1;
        if (f.after !== undefined && f.before !== undefined)
          throw validationError({ field: 'before', code: 'leadSearch.after_or_before' });
        const where = resultWhere(request.params.id, f);
        const params = [...where.params];
        const cursor = f.after ?? f.before;
        const position: PagePosition =
          cursor === undefined
            ? { offset: (page - 1) * limit }
            : f.after !== undefined
              ? { after: `$${params.push(cursor)}` }
              : { before: `$${params.push(cursor)}` };
        // The list, its latest job and the page in one statement: PGlite runs one statement at a time,
        // so round trips, not rows, bound this endpoint under load (bench: list endpoint p95). The page
        // comes back as JSON text and goes out as it is: no parse, copy and stringify of every row.
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
          request.params.id,
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
        return reply.type('application/json; charset=utf-8').send(`{"data":${pageJson},${rest.slice(1)}`);
      },
    );
  }

  function csvRoute(path: ListPath<'/csv'>): void {
    const type = listTypeIn(path);
    app.post<{ Params: { id: number }; Body: ResultFilters }>(
      path,
      { ...guard, schema: schemas.csv },
      async (request, reply) => {
        const userId = currentUser(request).id;
        const campaign = await listFor(userId, type, request.params.id);
        // Rows on the do-not-contact list stay out of the file unless the user asks for them.
        const where = exportWhere(campaign.id, request.body ?? {});
        const fileName = `${campaign.name.replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '') || 'list'}-${campaign.id}.csv`;
        // The history records the export as asked for (the rows are counted while they stream, not before).
        await recordListEvent(db, campaign.id, actorOf(request), 'export', {
          format: 'csv',
          filtered: where.params.length > 1,
        });
        // Every matching row, streamed: the response pulls one keyset batch at a time, so memory stays flat for
        // a list of any size and nothing holds a transaction open while the client reads. A failure part-way
        // aborts the response (the client sees a broken transfer, never a file that looks complete).
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(Readable.from(csvChunks(db, where)));
      },
    );
  }

  function resultRoute(path: ListPath<'/:resultId'>): void {
    const type = listTypeIn(path);
    app.get<{ Params: { id: number; resultId: number } }>(path, { ...guard, schema: schemas.one }, async (request) => {
      const userId = currentUser(request).id;
      const campaign = await listFor(userId, type, request.params.id);
      const row = (
        await db.query<RowOut>(
          `SELECT ${RESULT_COLUMNS} FROM campaign_results r WHERE r.campaign_id = $1 AND r.id = $2`,
          [campaign.id, request.params.resultId],
        )
      ).rows[0];
      if (!row) throw notFound();
      return toDto(row);
    });
  }

  function deleteRoute(path: ListPath<'/delete'>): void {
    const type = listTypeIn(path);
    app.post<{ Params: { id: number }; Body: { ids?: number[]; all_matching?: boolean; filters?: ResultFilters } }>(
      path,
      {
        ...guard,
        schema: {
          summary:
            'Delete the selected results (or every result matching the filters); results still looking are kept. A deletion of selected results can be undone (undo_id)',
          params: idParams,
          response: {
            200: Type.Object({
              ...MessageProperties,
              deleted: Type.Integer(),
              undo_id: Nullable(
                Type.Integer({
                  description:
                    'POST /api/list-operations/{id}/undo within 10 seconds puts the results back; null for a deletion of every matching row (not undoable) or of nothing',
                }),
              ),
            }),
          },
          body: objectSchema({
            ids: {
              type: 'array',
              maxItems: 1000,
              uniqueItems: true,
              items: { type: 'integer', minimum: 1, maximum: 9007199254740991 },
            },
            all_matching: { type: 'boolean' },
            filters: resultFiltersSchema,
          }),
        },
      },
      async (request) => {
        const userId = currentUser(request).id;
        const campaign = await listFor(userId, type, request.params.id);
        const { ids, all_matching, filters } = request.body;
        if (!all_matching && !ids?.length) throw validationError({ field: 'ids', code: 'validation.required' });
        const { deleted, undoId } = await db.transaction(async (tx) => {
          let count: number;
          let undo: number | null = null;
          if (all_matching) {
            // Every row matching the filters, across all pages (select-all): not journalled for an undo (ADR 034).
            const where = resultWhere(campaign.id, filters ?? {});
            count = (
              await tx.query(
                `DELETE FROM campaign_results r WHERE ${where.sql} AND r.email_status <> 'looking'`,
                where.params,
              )
            ).rowCount;
          } else {
            ({ count, undoId: undo } = await deleteResultsUndoably(tx, userId, campaign.id, ids!, clock.now()));
          }
          await tx.query(
            'UPDATE campaigns SET result_count = GREATEST(0, result_count - $2), updated_at = now() WHERE id = $1',
            [campaign.id, count],
          );
          if (count > 0)
            await recordListEvent(tx, campaign.id, actorOf(request), 'bulk_delete', {
              count,
              all_matching: Boolean(all_matching),
            });
          return { deleted: count, undoId: undo };
        });
        return { ...say(request, 'leadSearch.results_deleted', { count: deleted }), deleted, undo_id: undoId };
      },
    );
  }

  function manualRoute(path: ListPath<'/manual'>): void {
    const type = listTypeIn(path);
    app.post<{ Params: { id: number }; Body: ManualBody }>(
      path,
      {
        ...guard,
        schema: {
          summary: 'Add a result by hand (the fields depend on the list type)',
          params: idParams,
          response: { 201: Type.Object({ ...MessageProperties, result: ResultSchema }) },
          body: objectSchema({
            website: optionalText(300),
            name: optionalText(),
            country: optionalText(100),
            city: optionalText(100),
            state: optionalText(100),
            postal_code: optionalText(20),
            street: optionalText(),
            first_name: optionalText(100),
            last_name: optionalText(100),
            email: optionalText(254),
            phone: optionalText(40),
            linkedin_url: optionalText(300),
            company: optionalText(),
            position: optionalText(),
            urls: { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 300 } },
          }),
        },
      },
      async (request, reply) => {
        const userId = currentUser(request).id;
        const campaign = await listFor(userId, type, request.params.id);
        const b = request.body;
        const has = (v: string | undefined) => Boolean(v?.trim());
        const issues: FieldIssue[] = [];
        const allowedByType: Record<SearchType, readonly (keyof ManualBody)[] | null> = {
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
        const allowed = allowedByType[type];
        if (!allowed) throw unprocessable('leadSearch.manual_not_supported', undefined, { type });
        for (const key of Object.keys(b) as (keyof ManualBody)[])
          if (!allowed.includes(key)) issues.push({ field: key, code: 'validation.unknown_field' });
        if (has(b.email) && !EMAIL_RE.test(b.email!.trim())) issues.push({ field: 'email', code: 'validation.email' });
        let row: {
          name: string;
          company: string | null;
          job_title: string | null;
          website: string | null;
          city: string | null;
          email: string | null;
          phone: string | null;
          data: object;
        };
        if (type === 'local' || type === 'company') {
          if (!has(b.website)) issues.push({ field: 'website', code: 'validation.required' });
          else if (!URL_RE.test(b.website!.trim())) issues.push({ field: 'website', code: 'validation.url' });
          const person = [b.first_name, b.last_name].filter(has).join(' ');
          row = {
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
        } else if (type === 'people' || type === 'group') {
          // Spec §5: a person needs a LinkedIn URL, an email or a name (one message, on the first field).
          if (!has(b.linkedin_url) && !has(b.email) && !has(b.name))
            issues.push({ field: 'linkedin_url', code: 'leadSearch.manual_people' });
          if (has(b.linkedin_url) && !URL_RE.test(b.linkedin_url!.trim()))
            issues.push({ field: 'linkedin_url', code: 'validation.url' });
          row = {
            name: b.name?.trim() || b.email?.trim() || b.linkedin_url?.trim() || '',
            company: b.company?.trim() || null,
            job_title: b.position?.trim() || null,
            website: null,
            city: null,
            email: b.email?.trim() || null,
            phone: null,
            data: { linkedin_url: b.linkedin_url?.trim() || null },
          };
        } else {
          const urls = (b.urls ?? []).map((u) => u.trim()).filter(Boolean);
          if (urls.length === 0) issues.push({ field: 'urls', code: 'validation.required' });
          urls.forEach((u, i) => {
            if (!URL_RE.test(u)) issues.push({ field: `urls.${i}`, code: 'validation.url' });
          });
          row = {
            name: urls[0] ?? '',
            company: null,
            job_title: null,
            website: urls[0] ?? null,
            city: null,
            email: null,
            phone: null,
            data: { urls },
          };
        }
        if (issues.length) throw validationError(...issues);
        const created = await db.transaction(async (tx) => {
          const inserted = (
            await tx.query<RowOut>(
              `INSERT INTO campaign_results AS r (campaign_id, user_id, name, company, job_title, website, city, email, phone, email_status, manual, data)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, true, $11::jsonb) RETURNING ${RESULT_COLUMNS}`,
              [
                campaign.id,
                userId,
                row.name,
                row.company,
                row.job_title,
                row.website,
                row.city,
                row.email,
                row.phone,
                row.email ? 'found' : 'not_found',
                JSON.stringify(row.data),
              ],
            )
          ).rows[0]!;
          await tx.query('UPDATE campaigns SET result_count = result_count + 1, updated_at = now() WHERE id = $1', [
            campaign.id,
          ]);
          await recordListEvent(tx, campaign.id, actorOf(request), 'manual_entry', { count: 1, name: inserted.name });
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
        reply.code(201);
        return { ...say(request, 'leadSearch.result_added'), result: toDto(created) };
      },
    );
  }

  // Each path written out (a grep for one finds its registration), list type by list type as SEARCH_TYPES orders
  // them: the OpenAPI document lists the paths in this order.
  pageRoute('/api/people-results/:id');
  csvRoute('/api/people-results/:id/csv');
  resultRoute('/api/people-results/:id/:resultId');
  deleteRoute('/api/people-results/:id/delete');
  manualRoute('/api/people-results/:id/manual');
  pageRoute('/api/local-results/:id');
  csvRoute('/api/local-results/:id/csv');
  resultRoute('/api/local-results/:id/:resultId');
  deleteRoute('/api/local-results/:id/delete');
  manualRoute('/api/local-results/:id/manual');
  pageRoute('/api/company-results/:id');
  csvRoute('/api/company-results/:id/csv');
  resultRoute('/api/company-results/:id/:resultId');
  deleteRoute('/api/company-results/:id/delete');
  manualRoute('/api/company-results/:id/manual');
  pageRoute('/api/domain-results/:id');
  csvRoute('/api/domain-results/:id/csv');
  resultRoute('/api/domain-results/:id/:resultId');
  deleteRoute('/api/domain-results/:id/delete');
  manualRoute('/api/domain-results/:id/manual');
  pageRoute('/api/influencer-results/:id');
  csvRoute('/api/influencer-results/:id/csv');
  resultRoute('/api/influencer-results/:id/:resultId');
  deleteRoute('/api/influencer-results/:id/delete');
  manualRoute('/api/influencer-results/:id/manual');
  pageRoute('/api/intent-results/:id');
  csvRoute('/api/intent-results/:id/csv');
  resultRoute('/api/intent-results/:id/:resultId');
  deleteRoute('/api/intent-results/:id/delete');
  manualRoute('/api/intent-results/:id/manual');
  pageRoute('/api/group-results/:id');
  csvRoute('/api/group-results/:id/csv');
  resultRoute('/api/group-results/:id/:resultId');
  deleteRoute('/api/group-results/:id/delete');
  manualRoute('/api/group-results/:id/manual');
}
