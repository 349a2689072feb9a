/**
 * The list-import job's side (ADR 038, the `list-import` worker): one step imports chunks of an upload's rows with
 * dedupe, the do-not-contact list, optional email finding and its charge. The upload and the start are in
 * listImports.service.ts, the SQL in listImports.repository.ts.
 */
import type { Db, Queryable } from '../../db';
import type { EmailFinder, FoundEmail } from '../../providers/leads/emailFinder';
import { domainOf } from '../../providers/leads/emailFinder';
import { validSyntax } from '../../providers/leads/domain/verify';
import { LeadSourceError } from '../../providers/leads';
import { spendCredits } from '../../credits/ledger';
import { COST_PER_RECORD } from '@leadsmith/shared/constants';
import { recordListEvent } from './listHistory.repository';
import {
  advanceImport,
  claimPaidContacts,
  contactFlags,
  deleteImportRows,
  importJob,
  importRowsAfter,
  importTotals,
  insertImportedResults,
  insertImportErrors,
  lockImportCursor,
  releasePaidContacts,
} from './listImports.repository';
import type { ImportField, ImportMapping, RowError } from './listImports.schemas';

/** File lines handled per chunk. */
export const IMPORT_CHUNK = 500;
/** How long one queued step imports before handing the rest to a fresh job. */
const STEP_MS = 10_000;

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
    const job = await importJob(db, importId);
    if (!job || job.status !== 'running') return false;
    const rows = await importRowsAfter(db, importId, job.after_line, IMPORT_CHUNK);
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
      const cursor = await lockImportCursor(tx, importId);
      if (cursor === undefined || cursor !== job.after_line) return true;
      const now = deps.now();
      // Each candidate's contact key, whether the owner already holds it (this list, or any list with skip_duplicates), and whether it is suppressed.
      const probe = candidates.map((c) => ({
        line: c.line,
        email: c.email ?? c.found?.email ?? null,
        linkedin_url: c.linkedin_url,
        name: c.name,
        website: c.website,
      }));
      const flags = await contactFlags(tx, probe, job.user_id, job.campaign_id, job.skip_duplicates);
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
        const claimed = await claimPaidContacts(
          tx,
          job.user_id,
          foundRows.map((c) => c.key!),
        );
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
          await releasePaidContacts(tx, job.user_id, claimed);
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
      if (insert.length) await insertImportedResults(tx, job.campaign_id, job.user_id, insert, now);
      if (errors.length) await insertImportErrors(tx, importId, errors);
      const done = rows.length < IMPORT_CHUNK || lastLine >= job.total;
      const found = keep.filter((c) => c.found).length;
      await advanceImport(
        tx,
        importId,
        {
          lastLine,
          imported: insert.length,
          duplicates,
          suppressed,
          failed: errors.length - duplicates - suppressed,
          emailsFound: found,
          credits: charged,
          stoppedNoCredits: stopped,
          done,
        },
        now,
      );
      if (done) {
        const totals = await importTotals(tx, importId);
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
        await deleteImportRows(tx, importId);
        await deps.onDone?.(tx, importId, job.campaign_id);
      }
      return !done;
    });
    if (!more) return false;
    if (Date.now() - started > STEP_MS) return true;
  }
}
