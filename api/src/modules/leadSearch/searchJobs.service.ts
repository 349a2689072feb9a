/**
 * A search job's steps (the `search` queue job's work): read a batch from the lead source outside any transaction,
 * then in one transaction reveal and charge what was looking and store the new batch. Also the ends of a job:
 * done, stopped by the user, failed, a source that failed. The SQL is in searchJobs.repository.ts.
 */
import { COST_PER_RECORD } from '@leadsmith/shared/constants';
import type { Db, Queryable } from '../../db';
import {
  LeadSourceError,
  nextLeadSource,
  providerById,
  type LeadProvider,
  type LeadQuery,
  type LeadRecord,
} from '../../providers/leads';
import { spendCredits } from '../../credits/ledger';
import type { MailDeps } from '../../mail/templatedMail';
import { queueOf, type JobQueue } from '../../queue/jobQueue';
import { queueWebhookEvent } from '../../workers/settingsWebhook';
import { enqueueEmailVerify } from '../../workers/emailVerify';
import { hasUngradedEmails } from './emailGrades.repository';
import { openGoogleApiKey } from '../../users/googleApiKeys';
import {
  addRevealCounts,
  batchContacts,
  claimPayable,
  countLooking,
  countPageView,
  deleteErasedLooking,
  deleteResults,
  dropLooking,
  endJob,
  fallBackToDemo,
  findJobToStop,
  findStepJob,
  giveBackSearches,
  growResultCount,
  heldRecordKeys,
  lockStepJob,
  lookingRows,
  lowerProduced,
  markVisitsProcessed,
  recordSourceError,
  recordSourceErrorIfRunning,
  recordStep,
  releaseClaims,
  revealLooking,
  setListStatus,
  shrinkResultCount,
  storeBatch,
  switchSource,
  unprocessedVisits,
  type RevealedLead,
  type SearchJobRow as JobRow,
  type StopReason,
} from './searchJobs.repository';

export type { StopReason };

/**
 * Records fetched from the provider per step; each step also reveals the previous step's "looking"
 * results. Steps follow each other without pause: the list shows results as each step commits.
 */
export const JOB_BATCH_SIZE = 100;

/**
 * How long one step keeps asking a real source for records: a source that crawls each place's site
 * for its email is slow, and a step must finish well inside the queue job's expiry. The step stores
 * what it got; the next one resumes from there.
 */
export const JOB_FETCH_BUDGET_MS = 30_000;

/**
 * A step that has records in hand stores them once this long has passed, even short of a full
 * batch: with a slow source (sites crawled for emails) results arrive in the list every half second or
 * instead of all at the end. A fast source still fills its batch of 100 well within it.
 */
export const JOB_STORE_AFTER_MS = 500;

/**
 * A provider's answer being read by the steps of one worker's run of a job: a step that stores
 * early leaves the rest of the answer, and the look-up in flight, to the next step instead of
 * asking the source again (vendors bill look-ups; a site's crawl is slow). Reused only by the step
 * that continues where it stopped (same source, same offset); at most `remaining` records more.
 */
export class SearchCursors {
  private readonly open = new Map<
    number,
    {
      provider: string;
      offset: number;
      remaining: number;
      iterator: AsyncIterator<LeadRecord>;
      pending: Promise<IteratorResult<LeadRecord>> | null;
    }
  >();

  /** The cursor to read a job's next records from `offset` with, opening one when none continues there. */
  at(
    jobId: number,
    provider: LeadProvider,
    offset: number,
    open: (limit: number) => AsyncIterable<LeadRecord>,
    limit: number,
  ) {
    const current = this.open.get(jobId);
    if (current && current.provider === provider.id && current.offset === offset && current.remaining > 0)
      return current;
    if (current) this.close(jobId);
    const cursor = {
      provider: provider.id,
      offset,
      remaining: limit,
      iterator: open(limit)[Symbol.asyncIterator](),
      pending: null,
    };
    this.open.set(jobId, cursor);
    return cursor;
  }

  /** The step stored `stored` records read from the cursor (or lost a race: the cursor is dropped). */
  advance(jobId: number, stored: number | null): void {
    const cursor = this.open.get(jobId);
    if (!cursor) return;
    if (stored === null) return this.close(jobId);
    cursor.offset += stored;
    cursor.remaining -= stored;
  }

  close(jobId: number): void {
    const cursor = this.open.get(jobId);
    this.open.delete(jobId);
    // Stops the source's look-ups ahead; a look-up in flight is dropped when it settles.
    cursor?.pending?.catch(() => undefined);
    void cursor?.iterator.return?.()?.catch(() => undefined);
  }

  closeAll(): void {
    for (const jobId of [...this.open.keys()]) this.close(jobId);
  }
}

const TIMED_OUT = Symbol('timed out');

/**
 * Up to `n` records from the cursor: stops early once it holds at least one record and
 * `storeAfterMs` have passed (or the fetch budget is spent); never stops empty-handed before the
 * source answers (an empty batch means the source has nothing more).
 */
async function take(
  cursor: ReturnType<SearchCursors['at']>,
  n: number,
  storeAfterMs = JOB_STORE_AFTER_MS,
  budgetMs = JOB_FETCH_BUDGET_MS,
): Promise<LeadRecord[]> {
  const out: LeadRecord[] = [];
  const started = Date.now();
  while (out.length < Math.min(n, cursor.remaining)) {
    cursor.pending ??= cursor.iterator.next();
    let result: IteratorResult<LeadRecord> | typeof TIMED_OUT;
    if (out.length === 0) result = await cursor.pending;
    else {
      const left = Math.min(storeAfterMs, budgetMs) - (Date.now() - started);
      if (left <= 0) break;
      let timer: NodeJS.Timeout | undefined;
      result = await Promise.race([
        cursor.pending,
        new Promise<typeof TIMED_OUT>((resolve) => (timer = setTimeout(resolve, left, TIMED_OUT))),
      ]);
      clearTimeout(timer);
      if (result === TIMED_OUT) break;
    }
    cursor.pending = null;
    if (result.done) {
      cursor.remaining = 0;
      break;
    }
    out.push(result.value);
  }
  return out;
}

/**
 * Ends a job: unused search-limit reservation goes back (demo lists never reserved any). The
 * account's search.completed webhooks and the grading of the list's new emails (`email-verify`, one per
 * list; demo data is not graded) are queued in the same transaction.
 */
async function finish(
  tx: Queryable,
  queue: JobQueue,
  job: JobRow,
  status: 'done' | 'stopped',
  reason: StopReason | null,
  produced: number,
): Promise<void> {
  const ended = await endJob(tx, job.id, status, reason);
  await queueWebhookEvent(
    queue,
    tx,
    job.user_id,
    'search.completed',
    {
      search: {
        id: job.id,
        list_id: job.campaign_id,
        type: job.search_type,
        location: job.location,
        status,
        stop_reason: reason,
        requested: job.requested,
        produced,
        found: ended?.found ?? 0,
        credits_charged: ended?.credits_charged ?? 0,
      },
    },
    new Date(),
  );
  await setListStatus(tx, job.campaign_id, status === 'done' ? 'active' : 'incomplete');
  if (!job.demo_data && (await hasUngradedEmails(tx, job.campaign_id)))
    await enqueueEmailVerify(queue, job.campaign_id, tx);
  const unused = job.requested - produced;
  // Demo data never reserved any (an unreachable fallback gave its whole reservation back when it fell back).
  if (unused > 0 && !job.demo_data) await giveBackSearches(tx, job.user_id, unused);
}

/** The job's search as the provider reads it. */
function query(job: JobRow, secret: string | null): LeadQuery {
  const googleApiKey = openGoogleApiKey(secret, job.google_api_key_sealed);
  return { type: job.search_type, location: job.location, filters: job.filters, credentials: { googleApiKey } };
}

/** What a step found to do. `waiting`: an intent search with no new visit to identify (a visit enqueues the next step). */
export type StepOutcome = 'running' | 'waiting' | 'done' | 'stopped' | 'missing';

/**
 * Reveals the job's "looking" results (caller holds the job row lock). Charged as one spend for the
 * whole batch; when the balance cannot cover it, record by record until the credits run out.
 * Returns null when everything was revealed, or the counts to stop the job with.
 */
async function reveal(
  tx: Queryable,
  job: JobRow,
  mail?: MailDeps,
): Promise<{ looked: number; charged: number; found: number; dropped: number[] | null; leads: RevealedLead[] }> {
  // Demo data is never charged, whatever the reason it is shown (ADR 017).
  const cost = job.demo_data ? 0 : COST_PER_RECORD[job.search_type];
  const reason = `search:${job.search_type}:job:${job.id}`;
  // A person erased on request (a platform-wide entry, ops/personErasure.ts) is never stored again, nor charged.
  const erased = await deleteErasedLooking(tx, job.id);
  if (erased > 0) await shrinkResultCount(tx, job.campaign_id, erased);
  const { n, looked } = await countLooking(tx, job.id);
  // Demo data claims nothing: it is never charged, so it must not make a later real find of the same contact free.
  const payable = n && cost ? await claimPayable(tx, job.id) : new Set<number>();
  const leads: RevealedLead[] = [];
  const revealAll = async (only?: number[]) => {
    leads.push(...(await revealLooking(tx, job.id, cost, payable, only)));
  };
  if (payable.size === 0 || (await spendCredits(tx, job.user_id, cost * payable.size, reason, { mail }))) {
    await revealAll();
    return { looked, charged: cost * payable.size, found: n, dropped: null, leads };
  }
  // Not enough for the whole batch: as many records as the balance covers, in order; the rest is dropped uncharged.
  const looking = await lookingRows(tx, job.id);
  let charged = 0;
  let found = 0;
  for (const [index, row] of looking.entries()) {
    const hasContact = Boolean(row.pending.email || row.pending.phone);
    const pays = payable.has(Number(row.id));
    if (pays && !(await spendCredits(tx, job.user_id, cost, reason, { mail }))) {
      const kept = looking.slice(0, index).map((r) => r.id);
      const dropped = looking.slice(index).map((r) => r.id);
      if (kept.length) await revealAll(kept);
      await releaseClaims(tx, job.user_id, dropped);
      return { looked, charged, found, dropped, leads };
    }
    if (pays) charged += cost;
    if (hasContact) found += 1;
  }
  await revealAll();
  return { looked, charged, found, dropped: null, leads };
}

/**
 * Most records a search that leaves out known ones reads past: a saved search's alert over a source that
 * answers the same leads every day stops there instead of walking the source's whole answer.
 */
export const SKIP_KNOWN_MAX = 1000;

/**
 * The records of a batch the account holds in none of its lists (by the source's key; the same key twice
 * in the batch counts once). Records already held are never stored again; a record held only in lists in the
 * trash is new again (ADR 034) — stored again, and still not charged again (paid_contacts, ADR 033).
 */
async function unknownRecords(tx: Queryable, userId: number, records: LeadRecord[]): Promise<LeadRecord[]> {
  if (!records.length) return records;
  const keys = [...new Set(records.map((r) => r.key))];
  const known = new Set(await heldRecordKeys(tx, userId, keys));
  // The same contact (email, else LinkedIn URL, else name at the same website) held in any list of the owner, whatever
  // source found it: the batch's contact keys, computed by the database's own result_contact_key, looked up with
  // campaign_results_contact_idx. Also the same contact twice in the batch.
  const contacts = await batchContacts(tx, userId, records);
  const seenContacts = new Set<string>();
  const out: LeadRecord[] = [];
  for (const [i, record] of records.entries()) {
    const contact = contacts.find((c) => c.n === i + 1);
    if (known.has(record.key) || contact?.held || (contact?.contact && seenContacts.has(contact.contact))) continue;
    known.add(record.key);
    if (contact?.contact) seenContacts.add(contact.contact);
    out.push(record);
  }
  return out;
}

/**
 * One step of a search job:
 * 1. outside any transaction, read the next batch from the provider (network, crawling, DNS): up to
 *    100 records, fewer when the source is slow (what it holds after JOB_STORE_AFTER_MS); the rest
 *    of the answer stays open in `cursors` for the next step of the same worker's run;
 * 2. in one transaction holding the job row: reveal the results still "looking" (a record that
 *    returned a contact or an email is charged its spec §9 cost in this same transaction; one
 *    without is stored free of charge; when the credits run out the job stops and the unrevealed
 *    results are dropped, never charged), then store the new batch as "looking".
 * A step that lost a race (another worker stepped the same job meanwhile) stores nothing: the
 * provider's batch is asked again from the new offset. Returns the job's status after the step.
 */
export async function runJobStep(
  db: Db,
  jobId: number,
  cursors: SearchCursors = new SearchCursors(),
  mail?: MailDeps,
  secret: string | null = null,
): Promise<StepOutcome> {
  const before = await findStepJob(db, jobId);
  if (!before) return 'missing';
  if (before.status !== 'running') return before.status;
  // A search leaving out known records stops reading once it has read SKIP_KNOWN_MAX of them.
  const wanted =
    before.skip_known && before.skipped >= SKIP_KNOWN_MAX
      ? 0
      : Math.min(JOB_BATCH_SIZE, before.requested - before.produced);
  const provider = providerById(before.provider, before.search_type);
  const intent = before.search_type === 'intent';
  // Where the source's answer continues: records stored plus those left out as already held.
  const offset = before.produced + before.skipped;
  // Intent leads come from the visits the tracking snippet recorded; every other type asks the provider's search.
  let fetched: { records: LeadRecord[]; visitIds: number[] };
  try {
    fetched = intent
      ? await identifyVisits(db, before, provider, wanted)
      : {
          records: wanted
            ? await take(
                cursors.at(
                  jobId,
                  provider,
                  offset,
                  (limit) => provider.search(query(before, secret), { offset, limit }),
                  wanted,
                ),
                wanted,
              )
            : [],
          visitIds: [],
        };
  } catch (error) {
    cursors.close(jobId);
    if (
      error instanceof LeadSourceError &&
      error.code === 'unavailable' &&
      before.produced === 0 &&
      !intent &&
      (await nextSource(db, before, error))
    )
      return 'running';
    if (error instanceof LeadSourceError && error.unresolvable && !intent)
      return unreachableNow(db, jobId, error, mail);
    if (error instanceof LeadSourceError) return sourceFailed(db, jobId, error, mail);
    throw error;
  }

  const outcome = await db
    .transaction((tx) => storeStep(tx, queueOf(db), jobId, before, fetched, intent, wanted, mail))
    .catch((error: unknown) => {
      cursors.close(jobId);
      throw error;
    });
  // The records read are stored or left out as known (or the step lost a race and stored nothing: the next reads afresh).
  cursors.advance(jobId, outcome.stored);
  if (outcome.status !== 'running') cursors.close(jobId);
  return outcome.status;
}

/**
 * The step's transaction (holding the job row): reveal what was looking, store the new batch.
 * `stored`: the records of the batch it stored, null when it stored nothing because the job moved on
 * (another step got there first, or the job ended).
 */
async function storeStep(
  tx: Queryable,
  queue: JobQueue,
  jobId: number,
  before: JobRow,
  fetched: { records: LeadRecord[]; visitIds: number[] },
  intent: boolean,
  wanted: number,
  mail?: MailDeps,
): Promise<{ status: StepOutcome; stored: number | null }> {
  const job = await lockStepJob(tx, jobId);
  if (!job) return { status: 'missing', stored: null };
  if (job.status !== 'running') return { status: job.status, stored: null };
  if (job.produced !== before.produced || job.skipped !== before.skipped) return { status: 'running', stored: null };
  const revealed = await reveal(tx, job, mail);
  await leadsCreated(tx, queue, job, revealed.leads);
  if (revealed.dropped) {
    const dropped = revealed.dropped;
    await deleteResults(tx, dropped);
    await shrinkResultCount(tx, job.campaign_id, dropped.length);
    await addRevealCounts(tx, job.id, revealed.charged, revealed.found, dropped.length);
    await finish(tx, queue, job, 'stopped', 'no_credits', job.produced - dropped.length);
    return { status: 'stopped', stored: null };
  }

  const read = intent ? await claimVisits(tx, job, fetched.visitIds, fetched.records) : fetched.records;
  const batch = job.skip_known && !intent ? await unknownRecords(tx, job.user_id, read) : read;
  const skipped = read.length - batch.length;
  await storeBatch(tx, job, batch);
  const produced = job.produced + batch.length;
  if (batch.length) await growResultCount(tx, job.campaign_id, batch.length);
  // A step that got through ends any passing source failure shown while it was being retried.
  await recordStep(tx, job.id, { produced, charged: revealed.charged, found: revealed.found, skipped });
  const stored = read.length;
  if (intent) {
    // Live visitor data: the search waits for visits until it has identified the companies asked for.
    if (wanted === 0) {
      await finish(tx, queue, job, 'done', null, produced);
      return { status: 'done', stored };
    }
    return { status: batch.length || revealed.looked || fetched.visitIds.length ? 'running' : 'waiting', stored };
  }
  if (read.length === 0) {
    // Nothing new and nothing left looking: the job is over.
    await finish(tx, queue, job, 'done', produced < job.requested ? 'provider_exhausted' : null, produced);
    return { status: 'done', stored };
  }
  return { status: 'running', stored };
}

/**
 * The job's source could not be reached (after the request's own retries) before the job found
 * anything, and the type has another real source (local: Google Places, then OpenStreetMap): that
 * one takes the job over at once. Returns false when there is none (the queue retries the source;
 * see `failSearchJob` for when it gives up). Once a source has given results, a later outage is
 * retried instead: a list never mixes sources.
 */
async function nextSource(db: Db, before: JobRow, error: LeadSourceError): Promise<boolean> {
  const next = nextLeadSource(before.provider, before.search_type);
  if (!next) return false;
  await switchSource(db, before.id, before.provider, next.id, error);
  return true;
}

/** The leads a step revealed, as one lead.created webhook event per step (at most JOB_BATCH_SIZE leads), queued in the step's transaction. */
async function leadsCreated(tx: Queryable, queue: JobQueue, job: JobRow, leads: RevealedLead[]): Promise<void> {
  if (!leads.length) return;
  await queueWebhookEvent(
    queue,
    tx,
    job.user_id,
    'lead.created',
    { list_id: job.campaign_id, search_id: job.id, leads },
    new Date(),
  );
}

/**
 * The last source's host does not resolve: the queue's retries cannot reach it either, so the job
 * does at once what it would do after them (failSearchJob: demo data when nothing was found yet,
 * otherwise it stops with what it found) instead of keeping the user waiting for a minute.
 */
async function unreachableNow(db: Db, jobId: number, error: LeadSourceError, mail?: MailDeps): Promise<StepOutcome> {
  await recordSourceErrorIfRunning(db, jobId, error);
  return failSearchJob(db, jobId, mail);
}

/** Source failures a retry cannot mend: the job stops and says why. The others (rate limit, outage) are retried by the queue. */
const FATAL_SOURCE_ERRORS: readonly LeadSourceError['code'][] = [
  'key_refused',
  'quota_exhausted',
  'bad_request',
  'bad_answer',
];

/**
 * A source failed while fetching a batch: the job records which and why (the list shows "the
 * people-data provider refused the key"). A lasting failure stops the job, revealing and charging
 * what it already found (never the rest); a passing one is thrown back for the queue to retry.
 */
async function sourceFailed(db: Db, jobId: number, error: LeadSourceError, mail?: MailDeps): Promise<StepOutcome> {
  const fatal = FATAL_SOURCE_ERRORS.includes(error.code);
  const outcome = await db.transaction(async (tx): Promise<StepOutcome> => {
    const job = await lockStepJob(tx, jobId);
    if (!job) return 'missing';
    if (job.status !== 'running') return job.status;
    await recordSourceError(tx, job.id, error);
    if (!fatal) return 'running';
    await stopWithWhatWasFound(tx, queueOf(db), job, 'source_error', mail);
    return 'stopped';
  });
  if (!fatal && outcome === 'running') throw error;
  return outcome;
}

/**
 * Ends a job that cannot go on (caller holds the job row lock): the results still "looking" are
 * revealed and charged as a step would (those the credits do not cover are dropped uncharged), and
 * nothing more is fetched.
 */
async function stopWithWhatWasFound(
  tx: Queryable,
  queue: JobQueue,
  job: JobRow,
  reason: 'source_error' | 'failed',
  mail?: MailDeps,
): Promise<void> {
  const revealed = await reveal(tx, job, mail);
  await leadsCreated(tx, queue, job, revealed.leads);
  const dropped = revealed.dropped ?? [];
  if (dropped.length) {
    await deleteResults(tx, dropped);
    await shrinkResultCount(tx, job.campaign_id, dropped.length);
  }
  await addRevealCounts(tx, job.id, revealed.charged, revealed.found, dropped.length);
  await finish(tx, queue, job, 'stopped', reason, job.produced - dropped.length);
}

/**
 * The queue gave up on a job's steps (the last retry failed, or the worker died on it).
 * - Nothing found yet and the last failure was a source that could not be reached: no real source
 *   can answer, so the job goes on with demo data (spec: demo data only when no real source is
 *   configured or reachable), labelled with the source that failed, charged nothing and given its
 *   search-limit reservation back. Returns 'running': the caller enqueues the next step.
 * - Otherwise the search ends as failed with what it stored (revealed and charged as a step would),
 *   and the list says so, with the source's last failure when one was recorded.
 * A job already over is left alone, so running this twice changes nothing.
 */
export async function failSearchJob(db: Db, jobId: number, mail?: MailDeps): Promise<StepOutcome> {
  return db.transaction(async (tx): Promise<StepOutcome> => {
    const job = await lockStepJob(tx, jobId);
    if (!job) return 'missing';
    if (job.status !== 'running') return job.status;
    if (
      job.produced === 0 &&
      job.source_error?.code === 'unavailable' &&
      job.provider !== 'demo' &&
      job.search_type !== 'intent'
    ) {
      await fallBackToDemo(tx, job.id);
      if (!job.demo_data) await giveBackSearches(tx, job.user_id, job.requested);
      return 'running';
    }
    await stopWithWhatWasFound(tx, queueOf(db), job, 'failed', mail);
    return 'stopped';
  });
}

/**
 * Intent, outside any transaction: asks the provider (`identifyVisitor`) about the list's next
 * unprocessed visits. A visitor it cannot identify gives no lead; visits of the same company in the
 * batch count as page views of one lead. Returns the candidate leads and the visits read.
 */
async function identifyVisits(
  db: Db,
  job: JobRow,
  provider: LeadProvider,
  wanted: number,
): Promise<{ records: LeadRecord[]; visitIds: number[] }> {
  if (wanted <= 0) return { records: [], visitIds: [] };
  const visits = await unprocessedVisits(db, job.campaign_id, wanted * 4);
  const records: LeadRecord[] = [];
  const visitIds: number[] = [];
  for (const visit of visits) {
    if (records.length >= wanted) break;
    visitIds.push(visit.id);
    const record = await provider.identifyVisitor({
      ...visit,
      at: visit.created_at instanceof Date ? visit.created_at : new Date(visit.created_at),
    });
    if (!record) continue;
    const known = records.find((r) => r.key === record.key);
    if (known) {
      bumpPageViews(known);
      continue;
    }
    records.push({ ...record, social: { ...(record.social ?? {}) } });
  }
  return { records, visitIds };
}

/**
 * Intent, in the step's transaction: marks the visits processed and keeps the leads that are new to
 * the list; a company already in the list counts the page view on its existing result instead.
 */
async function claimVisits(
  tx: Queryable,
  job: JobRow,
  visitIds: number[],
  records: LeadRecord[],
): Promise<LeadRecord[]> {
  if (!visitIds.length) return [];
  const claimed = await markVisitsProcessed(tx, visitIds);
  // Another step took these visits meanwhile: its leads are already stored.
  if (claimed < visitIds.length) return [];
  const out: LeadRecord[] = [];
  for (const record of records) {
    if (!(await countPageView(tx, job.campaign_id, record.key))) out.push(record);
  }
  return out;
}

function bumpPageViews(record: LeadRecord): void {
  const social = { ...(record.social ?? {}) } as Record<string, string | number>;
  social.pages_viewed = Number(social.pages_viewed ?? 1) + 1;
  (record as { social: Record<string, string | number> }).social = social;
}

/** Stops a running job at the user's request (caller holds the job row lock): results still looking are dropped uncharged. */
export async function stopJob(tx: Queryable, queue: JobQueue, jobId: number): Promise<void> {
  const job = await findJobToStop(tx, jobId);
  if (!job || job.status !== 'running') return;
  const dropped = await dropLooking(tx, job.id);
  if (dropped > 0) {
    await shrinkResultCount(tx, job.campaign_id, dropped);
    await lowerProduced(tx, job.id, dropped);
  }
  await finish(tx, queue, job, 'stopped', 'user', job.produced - dropped);
}
