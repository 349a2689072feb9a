import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type { Db, Queryable } from '../../db';
import { ApiError, validationError } from '../../http/errors';
import type { EmailFinder, FoundEmail } from '../../providers/leads/emailFinder';
import { domainOf } from '../../providers/leads/emailFinder';
import { validSyntax } from '../../providers/leads/domain/verify';
import { LeadSourceError, type SearchType } from '../../providers/leads';
import { spendCredits } from '../../credits/ledger';
import { COST_PER_RECORD } from './credits';
import { listNotTrashedSql } from '../../modules/leadSearch/listOperations.repository';
import { recordListEvent } from '../../modules/leadSearch/listHistory.repository';

/** Most data rows one file may hold (the 100,000; LIST_IMPORT_MAX_ROWS lowers it, e.g. for tests). */
export const IMPORT_MAX_ROWS = 100_000;
export function importMaxRows(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const n = Number(env.LIST_IMPORT_MAX_ROWS);
  return Number.isInteger(n) && n >= 1 && n <= IMPORT_MAX_ROWS ? n : IMPORT_MAX_ROWS;
}
/** Largest upload (bytes): 100,000 rows of ~500 bytes. */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** Rows stored per statement while the upload streams in, and handled per chunk by the job. */
const UPLOAD_BATCH = 1000;
export const IMPORT_CHUNK = 500;
/** How long one queued step imports before handing the rest to a fresh job. */
const STEP_MS = 10_000;
/** Rows shown in the preview. */
export const PREVIEW_ROWS = 5;

/** The lead fields a column can be mapped to. */
export const IMPORT_FIELDS = [
  'name',
  'first_name',
  'last_name',
  'email',
  'company',
  'job_title',
  'website',
  'city',
  'country',
  'phone',
  'linkedin_url',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export type ImportMapping = Partial<Record<ImportField, string>>;

/** Why a row was not imported (the report says it in the user's language: lists.import_error_<code>). */
export const IMPORT_ERROR_CODES = ['empty_row', 'bad_email', 'bad_url', 'duplicate', 'suppressed'] as const;
export type ImportErrorCode = (typeof IMPORT_ERROR_CODES)[number];

/** Header names (lower-cased, spaces and punctuation dropped) that suggest a field, in en, es, fr and de. */
const ALIASES: Record<ImportField, string[]> = {
  name: ['name', 'fullname', 'nombre', 'nom', 'nomcomplet', 'contact', 'contactname'],
  first_name: ['firstname', 'first', 'givenname', 'prenom', 'vorname'],
  last_name: ['lastname', 'last', 'surname', 'familyname', 'apellido', 'apellidos', 'nomdefamille', 'nachname'],
  email: ['email', 'emailaddress', 'mail', 'correo', 'correoelectronico', 'courriel', 'adresseemail', 'emailadresse'],
  company: [
    'company',
    'companyname',
    'organization',
    'organisation',
    'empresa',
    'entreprise',
    'societe',
    'firma',
    'unternehmen',
  ],
  job_title: [
    'jobtitle',
    'title',
    'position',
    'role',
    'cargo',
    'puesto',
    'poste',
    'fonction',
    'titre',
    'position',
    'berufsbezeichnung',
  ],
  website: ['website', 'web', 'url', 'domain', 'site', 'sitioweb', 'siteweb', 'webseite', 'dominio', 'domaine'],
  city: ['city', 'town', 'ciudad', 'ville', 'stadt', 'ort'],
  country: ['country', 'pais', 'pays', 'land'],
  phone: ['phone', 'phonenumber', 'telephone', 'tel', 'mobile', 'telefono', 'telefon'],
  linkedin_url: ['linkedin', 'linkedinurl', 'linkedinprofile'],
};
const squash = (header: string) =>
  header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/** The mapping a file's header suggests: each field to the first column whose name is one of its aliases. */
export function suggestMapping(columns: readonly string[]): ImportMapping {
  const out: ImportMapping = {};
  const used = new Set<string>();
  for (const field of IMPORT_FIELDS) {
    const column = columns.find((c) => !used.has(c) && ALIASES[field].includes(squash(c)));
    if (column !== undefined) {
      out[field] = column;
      used.add(column);
    }
  }
  return out;
}

export interface ImportDto {
  id: number;
  campaign_id: number;
  file_name: string;
  columns: string[];
  status: 'uploaded' | 'running' | 'done' | 'failed';
  mapping: ImportMapping | null;
  find_emails: boolean;
  skip_duplicates: boolean;
  total: number;
  processed: number;
  imported: number;
  duplicates: number;
  suppressed: number;
  failed: number;
  emails_found: number;
  credits_charged: number;
  stopped_no_credits: boolean;
  created_at: string;
  finished_at: string | null;
}

const DTO_COLUMNS = `id, campaign_id, file_name, columns, status, mapping, find_emails, skip_duplicates, total, after_line AS processed, imported, duplicates,
  suppressed, failed, emails_found, credits_charged, stopped_no_credits, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  to_char(finished_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS finished_at`;

/** One import of the user's (another account's answers 404). */
export async function loadImport(db: Queryable, userId: number, id: number): Promise<ImportDto> {
  const row = (
    await db.query<ImportDto>(`SELECT ${DTO_COLUMNS} FROM list_imports WHERE id = $1 AND user_id = $2`, [id, userId])
  ).rows[0];
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

/** The first rows of an upload, as cells. */
export async function importPreview(db: Queryable, id: number): Promise<string[][]> {
  const { rows } = await db.query<{ cells: string[] }>(
    `SELECT cells FROM list_import_rows WHERE import_id = $1 ORDER BY line LIMIT ${PREVIEW_ROWS}`,
    [id],
  );
  return rows.map((r) => r.cells);
}

/**
 * Reads an uploaded CSV as it streams in (csv-parse): the first record is the header, every further record is stored
 * in `list_import_rows` by batches of UPLOAD_BATCH, so memory holds one batch whatever the file's size. A file with no
 * header, no rows or more than IMPORT_MAX_ROWS rows is refused (400 naming `file`) and nothing of it is kept.
 */
export async function storeUpload(
  db: Db,
  input: { campaignId: number; userId: number; actorId: number; impersonatorId: number | null; fileName: string },
  body: Readable,
): Promise<number> {
  const parser = body.pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true, trim: true, max_record_size: 64 * 1024 }),
  );
  const maxRows = importMaxRows();
  let importId: number | null = null;
  let line = 0;
  let batch: { line: number; cells: string[] }[] = [];
  const flush = async () => {
    if (!batch.length) return;
    await db.query(
      'INSERT INTO list_import_rows (import_id, line, cells) SELECT $1, r.line, r.cells FROM jsonb_to_recordset($2::jsonb) AS r(line int, cells jsonb)',
      [importId, JSON.stringify(batch)],
    );
    batch = [];
  };
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (importId === null) {
        const columns = record.map((c, i) => c || `#${i + 1}`);
        if (!columns.length) break;
        importId = (
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
        continue;
      }
      line += 1;
      if (line > maxRows)
        throw validationError({ field: 'file', code: 'lists.csv_too_many_rows', params: { max: maxRows } });
      batch.push({ line, cells: record });
      if (batch.length >= UPLOAD_BATCH) await flush();
    }
    await flush();
    if (importId === null || line === 0) throw validationError({ field: 'file', code: 'lists.import_no_rows' });
    await db.query('UPDATE list_imports SET total = $2 WHERE id = $1', [importId, line]);
    return importId;
  } catch (error) {
    if (importId !== null) await db.query('DELETE FROM list_imports WHERE id = $1', [importId]);
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: string }).code;
    if (typeof code === 'string' && code.startsWith('CSV_'))
      throw new ApiError(400, 'lists.csv_unreadable', {
        field: 'file',
        params: { reason: (error as Error).message.slice(0, 200) },
      });
    throw error;
  }
}

interface Candidate {
  line: number;
  name: string;
  first_name: string | null;
  email: string | null;
  company: string | null;
  job_title: string | null;
  website: string | null;
  city: string | null;
  phone: string | null;
  linkedin_url: string | null;
  country: string | null;
  found: FoundEmail | null;
}
interface RowError {
  line: number;
  field: string | null;
  code: ImportErrorCode;
  value: string | null;
}

const URL_RE = /^(https?:\/\/)?[^\s/$.?#][^\s]*\.[^\s]{2,}$/i;

/** A file row through the mapping: the lead it makes, or why it cannot be one. */
function mapRow(line: number, cells: string[], columns: string[], mapping: ImportMapping): Candidate | RowError {
  const get = (field: ImportField) => {
    const header = mapping[field];
    if (header === undefined) return null;
    const value = cells[columns.indexOf(header)]?.trim();
    return value ? value.slice(0, 300) : null;
  };
  const email = get('email')?.toLowerCase() ?? null;
  if (email && !validSyntax(email)) return { line, field: 'email', code: 'bad_email', value: email };
  const website = get('website');
  if (website && !URL_RE.test(website)) return { line, field: 'website', code: 'bad_url', value: website };
  const linkedin = get('linkedin_url');
  if (linkedin && !/linkedin\.com\//i.test(linkedin))
    return { line, field: 'linkedin_url', code: 'bad_url', value: linkedin };
  const first = get('first_name');
  const person = [first, get('last_name')].filter(Boolean).join(' ');
  const company = get('company');
  const name = get('name') ?? (person || null);
  if (!name && !email && !website && !linkedin)
    return { line, field: null, code: 'empty_row', value: cells.filter(Boolean).join(', ').slice(0, 200) || null };
  return {
    line,
    name: name ?? email ?? company ?? website ?? linkedin ?? '',
    first_name: first,
    email,
    company,
    job_title: get('job_title'),
    website,
    city: get('city'),
    phone: get('phone'),
    linkedin_url: linkedin,
    country: get('country'),
    found: null,
  };
}

interface ImportJobRow {
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

export interface ImportStepDeps {
  finder: EmailFinder | null;
  now: () => Date;
  /** Called in the last chunk's transaction (the imported emails' grading is queued with it). */
  onDone?: (tx: Queryable, importId: number, campaignId: number) => Promise<void>;
}

/**
 * One step of an import job: chunks of IMPORT_CHUNK file lines after the cursor, for at most STEP_MS. Each chunk maps
 * its rows; with "find emails" it asks the email waterfall about rows that have a name and a website but no email,
 * with no transaction open; then, in one transaction guarded by the cursor (a retried step or a second worker finds
 * it moved and stores nothing twice), it leaves out the rows on the do-not-contact list and the contacts the list
 * already holds (or, with skip_duplicates, any list of the owner: result_contact_key, ADR 033), charges the spec's
 * per-contact cost of the list type for each found email — once per contact (paid_contacts) and only when found —
 * inserts the rows, writes the report's lines and moves the cursor. Returns whether lines are left.
 */
export async function stepImport(db: Db, importId: number, deps: ImportStepDeps): Promise<boolean> {
  const started = Date.now();
  for (;;) {
    const job = (
      await db.query<ImportJobRow>(
        `SELECT i.id, i.campaign_id, i.user_id, i.actor_id, i.impersonator_id, i.columns, i.mapping, i.find_emails, i.skip_duplicates, i.after_line, i.total,
                i.stopped_no_credits, i.status, c.list_type
           FROM list_imports i JOIN campaigns c ON c.id = i.campaign_id WHERE i.id = $1`,
        [importId],
      )
    ).rows[0];
    if (!job || job.status !== 'running') return false;
    const { rows } = await db.query<{ line: number; cells: string[] }>(
      `SELECT line, cells FROM list_import_rows WHERE import_id = $1 AND line > $2 ORDER BY line LIMIT ${IMPORT_CHUNK}`,
      [importId, job.after_line],
    );
    const lastLine = rows.length ? rows[rows.length - 1]!.line : job.total;
    const mapped = rows.map((r) => mapRow(r.line, r.cells, job.columns, job.mapping));
    const candidates = mapped.filter((m): m is Candidate => 'name' in m);
    const errors = mapped.filter((m): m is RowError => !('name' in m));

    if (job.find_emails && !job.stopped_no_credits && deps.finder) {
      for (const c of candidates) {
        const domain = c.email ? '' : domainOf(c.website ?? '');
        if (!domain || !c.name) continue;
        try {
          c.found = await deps.finder.find({ domain, full_name: c.name, company: c.company });
        } catch (error) {
          if (!(error instanceof LeadSourceError)) throw error;
        }
      }
    }

    const more = await db.transaction(async (tx) => {
      const locked = (
        await tx.query<{ after_line: number }>(
          'SELECT after_line FROM list_imports WHERE id = $1 AND status = $2 FOR UPDATE',
          [importId, 'running'],
        )
      ).rows[0];
      if (!locked || locked.after_line !== job.after_line) return true;
      const now = deps.now();
      // Each candidate's contact key, whether the owner already holds it (this list, or any list with skip_duplicates), and whether it is suppressed.
      const probe = candidates.map((c) => ({
        line: c.line,
        email: c.email ?? c.found?.email ?? null,
        linkedin_url: c.linkedin_url,
        name: c.name,
        website: c.website,
      }));
      const flags = new Map(
        (
          await tx.query<{ line: number; key: string | null; held: boolean; suppressed: boolean }>(
            `SELECT p.line, k.key,
                    k.key IS NOT NULL AND EXISTS (SELECT 1 FROM campaign_results r WHERE r.user_id = $2 AND r.email_status <> 'looking'
                      AND result_contact_key(r.email, r.data->>'linkedin_url', r.name, r.website) = k.key AND ($4 OR r.campaign_id = $3) AND ${listNotTrashedSql('r')}) AS held,
                    EXISTS (SELECT 1 FROM suppressions s WHERE s.value = ANY(suppression_keys(p.email, p.website))
                      AND (s.account_id = (SELECT COALESCE(team_owner_id, id) FROM users WHERE id = $2) OR s.account_id IS NULL)) AS suppressed
               FROM jsonb_to_recordset($1::jsonb) AS p(line int, email text, linkedin_url text, name text, website text)
               CROSS JOIN LATERAL (SELECT result_contact_key(p.email, p.linkedin_url, p.name, p.website) AS key) k`,
            [JSON.stringify(probe), job.user_id, job.campaign_id, job.skip_duplicates],
          )
        ).rows.map((r) => [r.line, r]),
      );
      const seen = new Set<string>();
      const keep: (Candidate & { key: string | null })[] = [];
      let duplicates = 0;
      let suppressed = 0;
      for (const c of candidates) {
        const f = flags.get(c.line)!;
        if (f.suppressed) {
          suppressed += 1;
          errors.push({ line: c.line, field: 'email', code: 'suppressed', value: c.email ?? c.website });
        } else if (f.held || (f.key !== null && seen.has(f.key))) {
          duplicates += 1;
          errors.push({ line: c.line, field: null, code: 'duplicate', value: c.email ?? c.linkedin_url ?? c.name });
        } else {
          if (f.key) seen.add(f.key);
          keep.push({ ...c, key: f.key });
        }
      }

      // Found emails are charged once per contact (paid_contacts) and only when the credits are there: otherwise the row comes in without it.
      const cost = COST_PER_RECORD[job.list_type];
      const foundRows = keep.filter((c) => c.found && c.key);
      const paid = new Set<string>();
      let stopped = false;
      if (foundRows.length) {
        const claimed = (
          await tx.query<{ k: string }>(
            `WITH keys AS (SELECT k, contact_hash(k) AS h FROM jsonb_array_elements_text($2::jsonb) AS k),
                  ins AS (INSERT INTO paid_contacts (user_id, contact_hash) SELECT $1, h FROM keys ON CONFLICT DO NOTHING RETURNING contact_hash)
             SELECT keys.k FROM keys JOIN ins ON ins.contact_hash = keys.h`,
            [job.user_id, JSON.stringify(foundRows.map((c) => c.key!))],
          )
        ).rows.map((r) => r.k);
        if (
          claimed.length &&
          !(await spendCredits(
            tx,
            job.user_id,
            claimed.length * cost,
            `import:${job.list_type}:list:${job.campaign_id}`,
            { now },
          ))
        ) {
          // Not enough credits: the claims go back and the rows come in without the emails found (never charged).
          await tx.query(
            'DELETE FROM paid_contacts WHERE user_id = $1 AND contact_hash IN (SELECT contact_hash(k) FROM jsonb_array_elements_text($2::jsonb) AS k)',
            [job.user_id, JSON.stringify(claimed)],
          );
          for (const c of foundRows) c.found = null;
          stopped = true;
        } else claimed.forEach((k) => paid.add(k));
      }
      const charged = paid.size * cost;
      const insert = keep.map((c) => {
        const email = c.email ?? c.found?.email ?? null;
        const status = c.email ? 'found' : c.found ? c.found.outcome : 'not_found';
        return {
          name: c.name,
          company: c.company,
          job_title: c.job_title,
          website: c.website,
          city: c.city,
          email,
          phone: c.phone,
          email_status: status,
          credits: c.found && c.key && paid.has(c.key) ? cost : 0,
          data: {
            linkedin_url: c.linkedin_url,
            country: c.country,
            import_id: importId,
            import_line: c.line,
            ...(c.found ? { email_source: { provider: c.found.source, url: c.found.source_url, via: 'vendor' } } : {}),
          },
        };
      });
      if (insert.length) {
        await tx.query(
          `INSERT INTO campaign_results (campaign_id, user_id, name, company, job_title, website, city, email, phone, email_status, credits, data, created_at)
           SELECT $1, $2, r.name, r.company, r.job_title, r.website, r.city, r.email, r.phone, r.email_status, r.credits, r.data, $4
             FROM jsonb_to_recordset($3::jsonb) AS r(name text, company text, job_title text, website text, city text, email text, phone text, email_status text, credits int, data jsonb)`,
          [job.campaign_id, job.user_id, JSON.stringify(insert), now],
        );
        await tx.query('UPDATE campaigns SET result_count = result_count + $2, updated_at = $3 WHERE id = $1', [
          job.campaign_id,
          insert.length,
          now,
        ]);
      }
      if (errors.length) {
        await tx.query(
          `INSERT INTO list_import_errors (import_id, line, field, code, value) SELECT $1, e.line, e.field, e.code, left(e.value, 300)
             FROM jsonb_to_recordset($2::jsonb) AS e(line int, field text, code text, value text) ON CONFLICT DO NOTHING`,
          [importId, JSON.stringify(errors)],
        );
      }
      const done = rows.length < IMPORT_CHUNK || lastLine >= job.total;
      const found = keep.filter((c) => c.found).length;
      await tx.query(
        `UPDATE list_imports SET after_line = $2, imported = imported + $3, duplicates = duplicates + $4, suppressed = suppressed + $5,
                failed = failed + $6, emails_found = emails_found + $7, credits_charged = credits_charged + $8, stopped_no_credits = stopped_no_credits OR $9,
                status = CASE WHEN $10 THEN 'done' ELSE status END, finished_at = CASE WHEN $10 THEN $11::timestamptz END
          WHERE id = $1`,
        [
          importId,
          lastLine,
          insert.length,
          duplicates,
          suppressed,
          errors.length - duplicates - suppressed,
          found,
          charged,
          stopped,
          done,
          now,
        ],
      );
      if (done) {
        const totals = (await tx.query<ImportDto>(`SELECT ${DTO_COLUMNS} FROM list_imports WHERE id = $1`, [importId]))
          .rows[0]!;
        await recordListEvent(
          tx,
          job.campaign_id,
          { actorId: job.actor_id, impersonatorId: job.impersonator_id },
          'import',
          {
            import_id: importId,
            rows: totals.total,
            imported: totals.imported,
            duplicates: totals.duplicates,
            suppressed: totals.suppressed,
            failed: totals.failed,
            emails_found: totals.emails_found,
          },
          totals.credits_charged,
        );
        await tx.query('DELETE FROM list_import_rows WHERE import_id = $1', [importId]);
        await deps.onDone?.(tx, importId, job.campaign_id);
      }
      return !done;
    });
    if (!more) return false;
    if (Date.now() - started > STEP_MS) return true;
  }
}

/** The queue gave up on an import: what it stored stays; the import says it failed. */
export async function failImport(db: Queryable, importId: number): Promise<void> {
  await db.query(
    `UPDATE list_imports SET status = 'failed', finished_at = now() WHERE id = $1 AND status = 'running'`,
    [importId],
  );
}
