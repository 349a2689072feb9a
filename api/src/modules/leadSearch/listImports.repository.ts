/**
 * The SQL of CSV imports into a list (ADR 038): the upload's staging rows, the import's row, cursor and figures, the
 * report's lines and the saved mappings. The steps and their rules are in listImports.service.ts.
 */
import type { Queryable } from '../../db';
import type { SearchType } from '../../providers/leads';
import { listNotTrashedSql } from './listOperations.repository';
import type { ImportDto, ImportMapping, RowError } from './listImports.schemas';

/** Rows shown in the preview. */
export const PREVIEW_ROWS = 5;

const DTO_COLUMNS = `id, campaign_id, file_name, columns, status, mapping, find_emails, skip_duplicates, total, after_line AS processed, imported, duplicates,
  suppressed, failed, emails_found, credits_charged, stopped_no_credits, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  to_char(finished_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS finished_at`;

/** One import of the user's (undefined for another account's). */
export async function findImport(db: Queryable, userId: number, id: number): Promise<ImportDto | undefined> {
  return (
    await db.query<ImportDto>(`SELECT ${DTO_COLUMNS} FROM list_imports WHERE id = $1 AND user_id = $2`, [id, userId])
  ).rows[0];
}

/** The first rows of an upload, as cells. */
export async function importPreview(db: Queryable, id: number): Promise<string[][]> {
  const { rows } = await db.query<{ cells: string[] }>(
    `SELECT cells FROM list_import_rows WHERE import_id = $1 ORDER BY line LIMIT ${PREVIEW_ROWS}`,
    [id],
  );
  return rows.map((r) => r.cells);
}

/** A new upload of the file's header into the list; its id. */
export async function insertImport(
  db: Queryable,
  input: { campaignId: number; userId: number; actorId: number; impersonatorId: number | null; fileName: string },
  columns: string[],
): Promise<number> {
  return (
    await db.query<{ id: number }>(
      `INSERT INTO list_imports (campaign_id, user_id, actor_id, impersonator_id, file_name, columns, status) VALUES ($1, $2, $3, $4, $5, $6::jsonb, 'uploaded') RETURNING id`,
      [
        input.campaignId,
        input.userId,
        input.actorId,
        input.impersonatorId,
        input.fileName.slice(0, 200),
        JSON.stringify(columns),
      ],
    )
  ).rows[0]!.id;
}

/** Stores a batch of the upload's data rows. */
export async function insertUploadRows(
  db: Queryable,
  importId: number,
  batch: readonly { line: number; cells: string[] }[],
): Promise<void> {
  await db.query(
    'INSERT INTO list_import_rows (import_id, line, cells) SELECT $1, r.line, r.cells FROM jsonb_to_recordset($2::jsonb) AS r(line int, cells jsonb)',
    [importId, JSON.stringify(batch)],
  );
}

export async function setImportTotal(db: Queryable, importId: number, total: number): Promise<void> {
  await db.query('UPDATE list_imports SET total = $2 WHERE id = $1', [importId, total]);
}

/** Forgets an upload (its staging rows go with it). */
export async function deleteImport(db: Queryable, importId: number): Promise<void> {
  await db.query('DELETE FROM list_imports WHERE id = $1', [importId]);
}

/** Starts an uploaded import with its mapping; false when it is no longer `uploaded`. */
export async function startUploadedImport(
  tx: Queryable,
  importId: number,
  options: { mapping: ImportMapping; findEmails: boolean; skipDuplicates: boolean },
): Promise<boolean> {
  const started = await tx.query(
    `UPDATE list_imports SET status = 'running', mapping = $2::jsonb, find_emails = $3, skip_duplicates = $4 WHERE id = $1 AND status = 'uploaded'`,
    [importId, JSON.stringify(options.mapping), options.findEmails, options.skipDuplicates],
  );
  return started.rowCount > 0;
}

/** Saves (or replaces) the user's mapping of that name for imports into a type of list. */
export async function saveMapping(
  tx: Queryable,
  userId: number,
  listType: string,
  name: string,
  mapping: ImportMapping,
): Promise<void> {
  await tx.query(
    `INSERT INTO list_import_mappings (user_id, list_type, name, mapping) VALUES ($1, $2, $3, $4::jsonb)
     ON CONFLICT (user_id, list_type, name) DO UPDATE SET mapping = EXCLUDED.mapping, created_at = now()`,
    [userId, listType, name, JSON.stringify(mapping)],
  );
}

/** The user's saved mappings for a type of list, by name. */
export async function savedMappings(
  db: Queryable,
  userId: number,
  listType: string,
): Promise<{ id: number; name: string; list_type: string; mapping: ImportMapping }[]> {
  const { rows } = await db.query<{ id: number; name: string; list_type: string; mapping: ImportMapping }>(
    'SELECT id, name, list_type, mapping FROM list_import_mappings WHERE user_id = $1 AND list_type = $2 ORDER BY name',
    [userId, listType],
  );
  return rows;
}

/** The report's lines of an import, in file order. */
export async function importErrors(
  db: Queryable,
  importId: number,
): Promise<{ line: number; field: string | null; code: string; value: string | null }[]> {
  const { rows } = await db.query<{ line: number; field: string | null; code: string; value: string | null }>(
    'SELECT line, field, code, value FROM list_import_errors WHERE import_id = $1 ORDER BY line',
    [importId],
  );
  return rows;
}

export interface ImportJobRow {
  id: number;
  campaign_id: number;
  user_id: number;
  actor_id: number | null;
  impersonator_id: number | null;
  columns: string[];
  mapping: ImportMapping;
  find_emails: boolean;
  skip_duplicates: boolean;
  after_line: number;
  total: number;
  stopped_no_credits: boolean;
  list_type: SearchType;
  status: string;
}

/** The import as its job reads it, with its list's type. */
export async function importJob(db: Queryable, importId: number): Promise<ImportJobRow | undefined> {
  return (
    await db.query<ImportJobRow>(
      `SELECT i.id, i.campaign_id, i.user_id, i.actor_id, i.impersonator_id, i.columns, i.mapping, i.find_emails, i.skip_duplicates, i.after_line, i.total,
              i.stopped_no_credits, i.status, c.list_type
         FROM list_imports i JOIN campaigns c ON c.id = i.campaign_id WHERE i.id = $1`,
      [importId],
    )
  ).rows[0];
}

/** The upload's next `limit` data rows after the cursor. */
export async function importRowsAfter(
  db: Queryable,
  importId: number,
  afterLine: number,
  limit: number,
): Promise<{ line: number; cells: string[] }[]> {
  const { rows } = await db.query<{ line: number; cells: string[] }>(
    `SELECT line, cells FROM list_import_rows WHERE import_id = $1 AND line > $2 ORDER BY line LIMIT ${limit}`,
    [importId, afterLine],
  );
  return rows;
}

/** The running import's cursor, its row locked for the caller's transaction (undefined: no longer running). */
export async function lockImportCursor(tx: Queryable, importId: number): Promise<number | undefined> {
  return (
    await tx.query<{ after_line: number }>(
      'SELECT after_line FROM list_imports WHERE id = $1 AND status = $2 FOR UPDATE',
      [importId, 'running'],
    )
  ).rows[0]?.after_line;
}

export interface ContactProbe {
  line: number;
  email: string | null;
  linkedin_url: string | null;
  name: string;
  website: string | null;
}

/**
 * Each probe's contact key, whether the owner already holds it (this list, or any list not in the trash with
 * `anyList`), and whether it is on the do-not-contact list; by file line.
 */
export async function contactFlags(
  tx: Queryable,
  probe: readonly ContactProbe[],
  userId: number,
  campaignId: number,
  anyList: boolean,
): Promise<Map<number, { key: string | null; held: boolean; suppressed: boolean }>> {
  const { rows } = await tx.query<{ line: number; key: string | null; held: boolean; suppressed: boolean }>(
    `SELECT p.line, k.key,
            k.key IS NOT NULL AND EXISTS (SELECT 1 FROM campaign_results r WHERE r.user_id = $2 AND r.email_status <> 'looking'
              AND result_contact_key(r.email, r.data->>'linkedin_url', r.name, r.website) = k.key AND ($4 OR r.campaign_id = $3) AND ${listNotTrashedSql('r')}) AS held,
            EXISTS (SELECT 1 FROM suppressions s WHERE s.value = ANY(suppression_keys(p.email, p.website))
              AND (s.account_id = (SELECT COALESCE(team_owner_id, id) FROM users WHERE id = $2) OR s.account_id IS NULL)) AS suppressed
       FROM jsonb_to_recordset($1::jsonb) AS p(line int, email text, linkedin_url text, name text, website text)
       CROSS JOIN LATERAL (SELECT result_contact_key(p.email, p.linkedin_url, p.name, p.website) AS key) k`,
    [JSON.stringify(probe), userId, campaignId, anyList],
  );
  return new Map(rows.map((r) => [r.line, r]));
}

/** Claims the contacts `keys` as paid for by the user; the keys it claimed (those not paid for before). */
export async function claimPaidContacts(tx: Queryable, userId: number, keys: readonly string[]): Promise<string[]> {
  return (
    await tx.query<{ k: string }>(
      `WITH keys AS (SELECT k, contact_hash(k) AS h FROM jsonb_array_elements_text($2::jsonb) AS k),
            ins AS (INSERT INTO paid_contacts (user_id, contact_hash) SELECT $1, h FROM keys ON CONFLICT DO NOTHING RETURNING contact_hash)
       SELECT keys.k FROM keys JOIN ins ON ins.contact_hash = keys.h`,
      [userId, JSON.stringify(keys)],
    )
  ).rows.map((r) => r.k);
}

/** Gives back claims of claimPaidContacts (the charge did not go through). */
export async function releasePaidContacts(tx: Queryable, userId: number, keys: readonly string[]): Promise<void> {
  await tx.query(
    'DELETE FROM paid_contacts WHERE user_id = $1 AND contact_hash IN (SELECT contact_hash(k) FROM jsonb_array_elements_text($2::jsonb) AS k)',
    [userId, JSON.stringify(keys)],
  );
}

export interface ImportedResult {
  name: string;
  company: string | null;
  job_title: string | null;
  website: string | null;
  city: string | null;
  email: string | null;
  phone: string | null;
  email_status: string;
  credits: number;
  data: Record<string, unknown>;
}

/** Adds the rows to the list and counts them in its result_count. */
export async function insertImportedResults(
  tx: Queryable,
  campaignId: number,
  userId: number,
  rows: readonly ImportedResult[],
  now: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO campaign_results (campaign_id, user_id, name, company, job_title, website, city, email, phone, email_status, credits, data, created_at)
     SELECT $1, $2, r.name, r.company, r.job_title, r.website, r.city, r.email, r.phone, r.email_status, r.credits, r.data, $4
       FROM jsonb_to_recordset($3::jsonb) AS r(name text, company text, job_title text, website text, city text, email text, phone text, email_status text, credits int, data jsonb)`,
    [campaignId, userId, JSON.stringify(rows), now],
  );
  await tx.query('UPDATE campaigns SET result_count = result_count + $2, updated_at = $3 WHERE id = $1', [
    campaignId,
    rows.length,
    now,
  ]);
}

/** Writes the report's lines (a line written before, by a retried chunk, is kept). */
export async function insertImportErrors(tx: Queryable, importId: number, errors: readonly RowError[]): Promise<void> {
  await tx.query(
    `INSERT INTO list_import_errors (import_id, line, field, code, value) SELECT $1, e.line, e.field, e.code, left(e.value, 300)
       FROM jsonb_to_recordset($2::jsonb) AS e(line int, field text, code text, value text) ON CONFLICT DO NOTHING`,
    [importId, JSON.stringify(errors)],
  );
}

/** Moves the cursor to `lastLine` and adds a chunk's figures; `done` ends the import at `now`. */
export async function advanceImport(
  tx: Queryable,
  importId: number,
  chunk: {
    lastLine: number;
    imported: number;
    duplicates: number;
    suppressed: number;
    failed: number;
    emailsFound: number;
    credits: number;
    stoppedNoCredits: boolean;
    done: boolean;
  },
  now: Date,
): Promise<void> {
  await tx.query(
    `UPDATE list_imports SET after_line = $2, imported = imported + $3, duplicates = duplicates + $4, suppressed = suppressed + $5,
            failed = failed + $6, emails_found = emails_found + $7, credits_charged = credits_charged + $8, stopped_no_credits = stopped_no_credits OR $9,
            status = CASE WHEN $10 THEN 'done' ELSE status END, finished_at = CASE WHEN $10 THEN $11::timestamptz END
      WHERE id = $1`,
    [
      importId,
      chunk.lastLine,
      chunk.imported,
      chunk.duplicates,
      chunk.suppressed,
      chunk.failed,
      chunk.emailsFound,
      chunk.credits,
      chunk.stoppedNoCredits,
      chunk.done,
      now,
    ],
  );
}

/** The import's figures (any owner: the job's read). */
export async function importTotals(tx: Queryable, importId: number): Promise<ImportDto> {
  return (await tx.query<ImportDto>(`SELECT ${DTO_COLUMNS} FROM list_imports WHERE id = $1`, [importId])).rows[0]!;
}

/** Drops a finished import's staging rows. */
export async function deleteImportRows(tx: Queryable, importId: number): Promise<void> {
  await tx.query('DELETE FROM list_import_rows WHERE import_id = $1', [importId]);
}

/** The queue gave up on an import: what it stored stays; the import says it failed. */
export async function failImport(db: Queryable, importId: number): Promise<void> {
  await db.query(
    `UPDATE list_imports SET status = 'failed', finished_at = now() WHERE id = $1 AND status = 'running'`,
    [importId],
  );
}
