/**
 * Lead enrichment (get phones, get employees, influencer enrich, find similar): runs over a selection
 * of a list's results, in chunks charged as they are stored, and the steps of an enrichment job, which
 * the `lead-enrichment` worker (api/src/workers/leadEnrichment.ts) carries out. Autopilots and workflows
 * run the same enrichments; enrichment.service.ts queues the jobs (createEnrichmentJob), enrichment.repository.ts
 * holds the SQL.
 */
import { validationError } from '../../http/errors';
import type { Db, Queryable, SqlParam } from '../../db';
import {
  enrichmentSourcesFor,
  LeadSourceError,
  providerFor,
  SOCIAL_PLATFORMS,
  type EmployeeRecord,
  type InfluencerEnrichment,
  type LeadProvider,
  type PhoneRevealStart,
  type SearchType,
} from '../../providers/leads';
import { claimEffects, EFFECT_LEASE_SECONDS, settleEffects } from '../../effects/externalEffects';
import { queueOf } from '../../queue/jobQueue';
import { leadsEnriched } from './enrichmentEvents.service';
import { creditBalance, spendCredits } from '../../credits/ledger';
import type { MailDeps } from '../../mail/templatedMail';
import { CREDIT_COSTS } from '@leadsmith/shared/constants';
import { resultWhere, type ResultFilters } from './resultQuery.repository';
import { dropPhoneReveal, openPhoneReveal, phoneRevealRequested } from './phoneReveals.service';
import { ENRICHMENT_KINDS, type EnrichmentJobDto, type EnrichmentKind } from './campaigns.schemas';
import { similarPeople, type SimilarPerson, type SimilarSources } from './similarPeople.service';
import {
  endEnrichmentJob,
  findEnrichmentJob,
  giveBackEffects,
  lockPendingResult,
  lockSendingEffect,
  markEnrichmentJobFailed,
  markEnrichmentJobSourceFailed,
  markUncovered,
  pendingEnrichmentRows,
  recordEnrichmentChunk,
  setEnrichmentSourceError,
  storeInfluencerEnrichment,
  storePeople,
  storePhone,
  type EnrichRow as Row,
} from './enrichment.repository';

/** Most results one enrichment call handles. */
export const ENRICH_MAX_ROWS = 1000;

/** Results asked about between two writes: each chunk is read, asked (no transaction open) and written. */
export const ENRICH_CHUNK = 25;

/**
 * Creators read a chunk by influencer enrich: as many as one YouTube `channels.list` call takes, so a chunk's
 * channels are asked in one call. A source asked one creator at a time (Modash's reports, about 2 a second)
 * stops at the step's deadline whatever the chunk's size (runEnrichment), so the size is not a guess at its pace.
 */
export const INFLUENCER_ENRICH_CHUNK = 50;

/** Types whose toolbar has get-employees (spec §2: domain, local and company) and their §9 cost per employee found. */
export const EMPLOYEE_COST: Readonly<Partial<Record<SearchType, number>>> = {
  local: CREDIT_COSTS.localEmployeeEnrich,
  company: CREDIT_COSTS.localEmployeeEnrich,
  domain: CREDIT_COSTS.domainEmployeeEnrich,
};

/** Types whose toolbar has get-phones (spec §2: people; group lists hold people, ADR 005). */
export const PHONE_TYPES: readonly SearchType[] = ['people', 'group'];

/**
 * What one enrichment pass did: rows checked, items found (phones, employees, enriched records), rows
 * refreshed without a new contact (influencer figures and links, not charged), rows no source covers
 * and their platforms, credits charged, stopped for credits.
 */
export interface EnrichOutcome {
  checked: number;
  found: number;
  refreshed: number;
  unsupported: number;
  unsupportedPlatforms: string[];
  credits: number;
  stopped: boolean;
}

const noOutcome = (): EnrichOutcome => ({
  checked: 0,
  found: 0,
  refreshed: 0,
  unsupported: 0,
  unsupportedPlatforms: [],
  credits: 0,
  stopped: false,
});

type Where = { sql: string; params: SqlParam[] };

/** Where a run stands: the last result id read and how many rows it has read (a queued job resumes from it). */
export interface EnrichCursor {
  after: number;
  seen: number;
}

/** Called in each chunk's write transaction with what that chunk stored and charged, and the cursor after it (the autopilot run's figures, the enrichment job's progress). */
export type RecordChunk = (tx: Queryable, chunk: EnrichOutcome, cursor: EnrichCursor) => Promise<void>;

/** Where to start and when to hand over: a queued job runs a bounded step and continues in a fresh job. */
export interface EnrichOptions {
  from?: EnrichCursor;
  /** Epoch ms: no new chunk starts after it; the outcome says `more`. */
  deadline?: number;
  /** Mails the low-credits email when a charge crosses the threshold (credits/ledger.ts). */
  mail?: MailDeps;
  /** The app's clock (phone reveals' expiry is judged against it); the system's when absent. */
  now?: () => Date;
  /** Epoch ms the deadline is judged against (tests); `Date.now` when absent. */
  clock?: () => number;
}

/** What a run did, and whether it ended at the deadline with rows left (`more`, resume from `cursor`). */
export type EnrichRun = EnrichOutcome & { cursor: EnrichCursor; more: boolean };

export { ENRICHMENT_KINDS, type EnrichmentJobDto, type EnrichmentKind };

/** Which rows each kind of enrichment still has to do. */
export const PENDING: Readonly<Record<EnrichmentKind, string>> = {
  'get-phones': 'r.phone IS NULL',
  'get-employees': `NOT (r.data ? 'employees')`,
  enrich: `NOT (r.data ? 'enriched')`,
  'find-similar': `NOT (r.data ? 'similar')`,
};

/** What one stored answer did to its row: items found, whether it only refreshed the row, and credits it costs (0 when nothing billable). */
interface Stored {
  found: number;
  refreshed?: boolean;
  price: number;
}

/**
 * One enrichment: which rows still need it (`pending`, a condition on `r`), the vendor call, and how
 * an answer is written to its row once its price is paid. `store` returns null when the answer
 * leaves the row as it was (no phone found): the row may be asked about again by a later request.
 */
interface EnrichmentSteps<A> {
  /** Idempotency-key prefix. */
  name: EnrichmentKind;
  /** The least a billable answer costs: a chunk asks about no more rows than the balance could pay for (0: free, demo data). */
  unitCost: number;
  price(answer: A): Stored;
  /**
   * For a row no source can ask about: its platform ('' when it has none), counted, marked on the row
   * (`data.uncovered`: `{ kind, platform }`, until an answer is stored) and left pending; null when a
   * source covers it. Absent: every row is covered.
   */
  unsupported?(row: Row): string | null;
  /** Rows read a chunk (ENRICH_CHUNK when absent): a batched enrichment reads as many as one vendor call takes. */
  chunk?: number;
  store(tx: Queryable, row: Row, answer: A, price: number): Promise<boolean>;
}

/**
 * The vendor is asked about one row at a time (`call`), or about a chunk's rows at once (`callMany`,
 * a vendor taking many a call), which tells each answer as it comes and throws on a failure: the rows
 * answered before the first unanswered one are kept.
 */
type Enrichment<A> = EnrichmentSteps<A> &
  (
    | { call(row: Row): Promise<A> }
    | { callMany(rows: readonly Row[], answered: (row: Row, answer: A) => void, mayAsk: () => boolean): Promise<void> }
  );

/**
 * Runs an enrichment over the selection in chunks of three steps, so no transaction is open while a
 * vendor is asked (ADR 015):
 * 1. read the next rows still pending and claim one `lead_lookup` effect per row
 *    (`<name>:<result id>`): a row another request is asking about is skipped;
 * 2. ask the vendor about each claimed row, no transaction open; once the step's deadline has passed no
 *    further look-up starts (after at least one a chunk): the rows not asked are given back and the cursor
 *    stays before them, so a step lasts at most its budget plus one look-up, whatever the chunk's size
 *    and the vendor's pace;
 * 3. in one short transaction, per answer: re-check that the row is still pending and the effect
 *    still ours, pay its price (spec §9, charged only for what is stored), store it and settle the
 *    effect. Run twice, this step finds nothing left to do. When the credits run out it stops there;
 *    claims whose answer was not stored are given back, so a later request may ask again.
 */
async function runEnrichment<A>(
  db: Db,
  e: Enrichment<A>,
  userId: number,
  reason: string,
  where: Where,
  record?: RecordChunk,
  options: EnrichOptions = {},
): Promise<EnrichRun> {
  const total = noOutcome();
  const pending = PENDING[e.name];
  let after = options.from?.after ?? 0;
  let seen = options.from?.seen ?? 0;
  let more = false;
  const clock = options.clock ?? Date.now;
  const late = () => options.deadline !== undefined && clock() > options.deadline;
  while (seen < ENRICH_MAX_ROWS && !total.stopped) {
    if (late()) {
      more = true;
      break;
    }
    const limit = Math.min(e.chunk ?? ENRICH_CHUNK, ENRICH_MAX_ROWS - seen);
    const rows = await pendingEnrichmentRows(db, where, pending, after, limit);
    if (!rows.length) break;
    const from = { after, seen };
    seen += rows.length;
    after = rows[rows.length - 1]!.id;
    // Rows no source covers are not asked about (nor claimed): they are counted once the cursor is past them.
    const uncovered = new Map(
      rows.flatMap((row) => {
        const platform = e.unsupported?.(row) ?? null;
        return platform === null ? [] : [[row.id, platform] as const];
      }),
    );
    const askable = rows.filter((row) => !uncovered.has(row.id));
    const affordable =
      e.unitCost > 0 && askable.length ? Math.floor((await creditBalance(db, userId)) / e.unitCost) : askable.length;
    if (askable.length && affordable < 1) {
      total.stopped = true;
      break;
    }
    const wanted = askable.slice(0, affordable);
    const keyOf = (row: Row) => `${e.name}:${row.id}`;
    const claimed = await claimEffects(db, 'lead_lookup', wanted.map(keyOf));
    const mine = wanted.filter((row) => claimed.has(keyOf(row)));
    const got = new Map<number, A>();
    // Past the deadline no look-up starts, but a chunk asks at least one (the step moves on).
    const mayAsk = () => got.size === 0 || !late();
    let failure: unknown = null;
    try {
      if ('callMany' in e) await e.callMany(mine, (row, answer) => got.set(row.id, answer), mayAsk);
      else
        for (const row of mine) {
          if (!mayAsk()) break;
          got.set(row.id, await e.call(row));
        }
    } catch (error) {
      failure = error;
    }
    // The answers kept are the rows' before the first one unanswered: the cursor stays before that one, so a retry (or the next step) asks it, and those after it, again.
    const unanswered = mine.findIndex((row) => !got.has(row.id));
    const answers = mine
      .slice(0, unanswered < 0 ? mine.length : unanswered)
      .map((row) => ({ row, answer: got.get(row.id) as A }));
    const cut = !failure && answers.length < mine.length && late();
    if (!failure && !cut && answers.length < mine.length)
      failure = new Error(`${e.name}: ${mine.length - answers.length} of ${mine.length} rows were not answered`);
    // A vendor failure or the deadline leaves the rows after the last answer unasked: the cursor stays before them.
    const lastAnswered = answers.length ? rows.findIndex((r) => r.id === answers[answers.length - 1]!.row.id) : -1;
    const cursor =
      failure || cut
        ? lastAnswered < 0
          ? from
          : { after: rows[lastAnswered]!.id, seen: from.seen + lastAnswered + 1 }
        : { after, seen };
    const chunk = await db.transaction(async (tx) => {
      const done: EnrichOutcome = { ...noOutcome(), checked: answers.length };
      const giveBack: string[] = mine.slice(answers.length).map(keyOf);
      const enriched: number[] = [];
      for (const { row, answer } of answers) {
        const key = keyOf(row);
        if (done.stopped) {
          giveBack.push(key);
          continue;
        }
        const still = await lockPendingResult(tx, row.id, pending);
        const ours = await lockSendingEffect(tx, key);
        if (!still || !ours) continue;
        const { found, refreshed, price } = e.price(answer);
        if (price > 0 && !(await spendCredits(tx, userId, price, reason, { mail: options.mail }))) {
          done.stopped = true;
          giveBack.push(key);
          continue;
        }
        if (!(await e.store(tx, row, answer, price))) {
          giveBack.push(key);
          continue;
        }
        await settleEffects(tx, [{ key, ok: true, outcome: { found } }]);
        enriched.push(row.id);
        done.found += found;
        if (refreshed) done.refreshed += 1;
        done.credits += price;
      }
      if (giveBack.length) await giveBackEffects(tx, giveBack);
      await leadsEnriched(tx, queueOf(db), userId, e.name, enriched);
      // An uncovered row is counted when the cursor passes it: a retried chunk does not count it twice.
      const passed = [...uncovered].filter(([id]) => id <= cursor.after);
      // Each such row says why it was not enriched (data.uncovered, shown on the row) until a source enriches it.
      if (passed.length)
        await markUncovered(
          tx,
          e.name,
          passed.map(([id, platform]) => ({ id, platform })),
        );
      done.unsupported = passed.length;
      done.unsupportedPlatforms = [...new Set(passed.map(([, platform]) => platform).filter(Boolean))].sort();
      await record?.(tx, done, cursor);
      return done;
    });
    total.checked += chunk.checked;
    total.found += chunk.found;
    total.refreshed += chunk.refreshed;
    total.unsupported += chunk.unsupported;
    total.unsupportedPlatforms = [...new Set([...total.unsupportedPlatforms, ...chunk.unsupportedPlatforms])].sort();
    total.credits += chunk.credits;
    total.stopped = chunk.stopped || wanted.length < askable.length;
    if (failure) throw failure;
    if (cut) {
      ({ after, seen } = cursor);
      more = true;
      break;
    }
    if (rows.length < limit) break;
  }
  return { ...total, cursor: { after, seen }, more };
}

const leadOf = (row: Row) => ({ key: row.record_key, name: row.name, company: row.company, website: row.website });

/** A phone look-up's answer: the number found now, or a reveal the vendor answers later by webhook. */
interface PhoneAnswer {
  phone: string | null;
  reveal?: { id: number; start: PhoneRevealStart };
}

/**
 * Phones for the selected people without one. Spec §9 peoplePhoneEnrich (1) per phone found and stored.
 * A source that reveals by webhook (Apollo's mobile numbers, `revealPhone`) is asked with a reveal
 * opened per result: nothing is charged then; the webhook stores and charges the number
 * (phoneReveals.ts), and the result shows "phone on its way" meanwhile.
 */
export function findPhones(
  db: Db,
  provider: LeadProvider,
  userId: number,
  reason: string,
  where: Where,
  record?: RecordChunk,
  options?: EnrichOptions,
): Promise<EnrichRun> {
  // Demo data is never charged (ADR 017).
  const cost = provider.demo ? 0 : CREDIT_COSTS.peoplePhoneEnrich;
  const now = () => options?.now?.() ?? new Date();
  const reveal = provider.revealPhone?.bind(provider);
  return runEnrichment<PhoneAnswer>(
    db,
    {
      name: 'get-phones',
      unitCost: cost,
      call: async (row) => {
        if (!reveal) return { phone: await provider.findPhone(leadOf(row)) };
        const opened = await openPhoneReveal(db, { resultId: row.id, userId, source: provider.id, reason, now: now() });
        try {
          return { phone: null, reveal: { id: opened.id, start: await reveal(leadOf(row), opened.token) } };
        } catch (error) {
          await dropPhoneReveal(db, opened.id);
          throw error;
        }
      },
      price: ({ phone }) => (phone ? { found: 1, price: cost } : { found: 0, price: 0 }),
      store: async (tx, row, { phone, reveal: started }, price) => {
        if (started) return phoneRevealRequested(tx, row.id, started.id, started.start, now());
        if (!phone) return false;
        await storePhone(tx, row.id, phone, price);
        return true;
      },
    },
    userId,
    reason,
    where,
    record,
    options,
  );
}

/** People found for a row (employees, similar people): charged `cost` for each one with an email or a phone. */
const pricePerContact =
  (cost: number) =>
  (found: readonly { email?: string | null; phone?: string | null }[]): { found: number; price: number } => ({
    found: found.length,
    price: found.filter((p) => p.email || p.phone).length * cost,
  });

/** Stores the people found under `data.<key>` of the row, with what they cost. */
const storePeopleUnder =
  (key: 'employees' | 'similar') =>
  async (tx: Queryable, row: { id: number }, found: unknown, price: number): Promise<boolean> => {
    await storePeople(tx, row.id, key, found, price);
    return true;
  };
/**
 * Employees of the selected companies not enriched yet, stored on each result. `cost` per employee
 * returned with a contact or email (spec §9); `found` counts employees.
 */
export function findEmployees(
  db: Db,
  provider: LeadProvider,
  userId: number,
  reason: string,
  where: Where,
  unitCost: number,
  record?: RecordChunk,
  options?: EnrichOptions,
): Promise<EnrichRun> {
  // Demo data is never charged (ADR 017).
  const cost = provider.demo ? 0 : unitCost;
  return runEnrichment<EmployeeRecord[]>(
    db,
    {
      name: 'get-employees',
      unitCost: cost,
      call: (row) => provider.findEmployees(leadOf(row)),
      price: pricePerContact(cost),
      store: storePeopleUnder('employees'),
    },
    userId,
    reason,
    where,
    record,
    options,
  );
}

/**
 * Contact and extra figures for the selected creators not enriched yet. Each row goes to the first
 * source that covers it (`coversInfluencer`: Modash's platforms, YouTube's channels; the demo generator,
 * when no source is configured, demo rows only); a row none covers is counted (`unsupported`, with its platform) and left as it was. Spec §9 influencerEnrichPerRecord (5)
 * per record that returns a new contact or email (`found`); figures and links alone are `refreshed`, free.
 */
export function enrichInfluencers(
  db: Db,
  providers: readonly LeadProvider[],
  userId: number,
  reason: string,
  where: Where,
  record?: RecordChunk,
  options?: EnrichOptions,
): Promise<EnrichRun> {
  // Demo data is never charged (ADR 017): the sources are the real ones, or the demo generator alone.
  const cost = providers.every((p) => p.demo) ? 0 : CREDIT_COSTS.influencerEnrichPerRecord;
  const lead = (row: Row) => ({ ...leadOf(row), social: row.social });
  // The demo generator (no influencer source configured) answers demo rows only: it invents nothing about a real creator.
  const sourceOf = (row: Row) => providers.find((p) => (p.demo ? row.demo : (p.coversInfluencer?.(lead(row)) ?? true)));
  // A contact the row already has (the search read it) is not found again: only new ones are charged.
  const onlyNew = (row: Row, answer: InfluencerEnrichment | null) =>
    answer && { ...answer, email: row.email ? null : answer.email, phone: row.phone ? null : answer.phone };
  return runEnrichment<InfluencerEnrichment | null>(
    db,
    {
      name: 'enrich',
      unitCost: cost,
      unsupported: (row) =>
        sourceOf(row)
          ? null
          : (SOCIAL_PLATFORMS as readonly unknown[]).includes(row.social?.platform)
            ? String(row.social!.platform)
            : '',
      // 50 a chunk (one YouTube call); a source asked one row at a time stops at the step's deadline (mayAsk).
      chunk: INFLUENCER_ENRICH_CHUNK,
      // Each source asks about its rows of the chunk: in one call where it takes many (YouTube), else one at a time.
      callMany: async (rows, answered, mayAsk) => {
        const bySource = new Map<LeadProvider, Row[]>();
        for (const row of rows) {
          const source = sourceOf(row)!;
          bySource.set(source, [...(bySource.get(source) ?? []), row]);
        }
        for (const [source, group] of bySource) {
          if (!mayAsk()) return;
          if (source.enrichInfluencers) {
            const found = await source.enrichInfluencers(group.map(lead));
            group.forEach((row, i) => answered(row, onlyNew(row, found[i] ?? null)));
          } else {
            for (const row of group) {
              if (!mayAsk()) return;
              answered(row, onlyNew(row, await source.enrichInfluencer(lead(row))));
            }
          }
        }
      },
      price: (answer) =>
        answer && (answer.email || answer.phone)
          ? { found: 1, price: cost }
          : { found: 0, refreshed: Boolean(answer && Object.keys(answer.social ?? {}).length), price: 0 },
      store: async (tx, row, answer, price) => {
        await storeInfluencerEnrichment(tx, row.id, answer, price);
        return true;
      },
    },
    userId,
    reason,
    where,
    record,
    options,
  );
}

/**
 * People like each selected person (same role and seniority at similar companies, similarPeople.ts), kept
 * on the result (data.similar). Spec §9 peopleFindSimilar (2) per person found with a contact or email;
 * `found` counts the people. Demo data is never charged (ADR 017).
 */
export function findSimilarPeople(
  db: Db,
  sources: SimilarSources,
  userId: number,
  reason: string,
  where: Where,
  record?: RecordChunk,
  options?: EnrichOptions,
): Promise<EnrichRun> {
  const cost = sources.people.demo ? 0 : CREDIT_COSTS.peopleFindSimilar;
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);
  return runEnrichment<SimilarPerson[]>(
    db,
    {
      name: 'find-similar',
      unitCost: cost,
      call: (row) =>
        similarPeople(
          {
            name: row.name,
            company: row.company,
            job_title: row.job_title,
            seniority: text(row.data.seniority),
            department: text(row.data.department),
            country: text(row.data.country),
            industry: text(row.data.category),
            employee_count: typeof row.data.employee_count === 'number' ? row.data.employee_count : null,
          },
          sources,
        ),
      price: pricePerContact(cost),
      store: storePeopleUnder('similar'),
    },
    userId,
    reason,
    where,
    record,
    options,
  );
}

/** The sources of "find similar" for a list of people. */
const similarSources = (): SimilarSources => ({
  people: providerFor('people'),
  group: providerFor('group'),
  company: providerFor('company'),
});

/** The enrichment of one list type: its ledger name, and a run over a selection charged under `reason`. */
export interface ListEnrichment {
  name: EnrichmentKind;
  run(
    db: Db,
    userId: number,
    where: Where,
    reason: string,
    record?: RecordChunk,
    options?: EnrichOptions,
  ): Promise<EnrichRun>;
}

/**
 * The enrichment of a list type's toolbar (spec §2): get-phones for people, get-employees for
 * local/company/domain, enrich for influencers; null for a type without one (intent). For autopilots and workflows.
 */
export function enrichmentFor(type: SearchType): ListEnrichment | null {
  if (PHONE_TYPES.includes(type))
    return {
      name: 'get-phones',
      run: (db, userId, where, reason, record, options) =>
        findPhones(db, providerFor(type), userId, reason, where, record, options),
    };
  const cost = EMPLOYEE_COST[type];
  if (cost !== undefined)
    return {
      name: 'get-employees',
      run: (db, userId, where, reason, record, options) =>
        findEmployees(db, providerFor(type), userId, reason, where, cost, record, options),
    };
  if (type === 'influencer')
    return {
      name: 'enrich',
      run: (db, userId, where, reason, record, options) =>
        enrichInfluencers(db, enrichmentSourcesFor(type), userId, reason, where, record, options),
    };
  return null;
}

/** A queued request's enrichment: the toolbar's, or "find similar" on a list of people. */
function enrichmentOfKind(type: SearchType, kind: EnrichmentKind): ListEnrichment | null {
  if (kind === 'find-similar') {
    return PHONE_TYPES.includes(type)
      ? {
          name: 'find-similar',
          run: (db, userId, where, reason, record, options) =>
            findSimilarPeople(db, similarSources(), userId, reason, where, record, options),
        }
      : null;
  }
  const toolbar = enrichmentFor(type);
  return toolbar?.name === kind ? toolbar : null;
}

/** A selection of a list's results: the ids, or every row matching the list filters. */
export type Selection = { ids?: number[]; all_matching?: boolean; filters?: ResultFilters };

/** The rows of a selection, as a condition on `r` (400 naming `ids` when nothing is selected). */
export function selectionWhere(campaignId: number, { ids, all_matching, filters }: Selection): Where {
  if (!all_matching && !ids?.length) throw validationError({ field: 'ids', code: 'validation.required' });
  return all_matching
    ? resultWhere(campaignId, filters ?? {})
    : { sql: 'r.campaign_id = $1 AND r.id = ANY($2::bigint[])', params: [campaignId, `{${ids!.join(',')}}`] };
}

/**
 * How long one step of an enrichment job starts look-ups before it hands the rest to a fresh job: 15 s, or a
 * quarter of the job's lease (the queue's expiry, EFFECT_LEASE_SECONDS) when that is shorter. A step lasts
 * its budget plus the one look-up running at the deadline (runEnrichment), so the rest of the lease is that look-up's.
 */
export const ENRICH_STEP_BUDGET_MS = Math.min(15_000, Math.floor((EFFECT_LEASE_SECONDS * 1000) / 4));

/**
 * One step of an enrichment job (the `lead-enrichment` worker): runs the list's enrichment from the
 * job's cursor for at most ENRICH_STEP_BUDGET_MS, each chunk adding its figures and moving the cursor
 * in the transaction that stores and charges it. Returns true when rows are left (the caller
 * enqueues the next step), false when the job is over (done, or stopped: the credits ran out).
 */
export async function stepEnrichmentJob(db: Db, jobId: number, mail?: MailDeps, now?: () => Date): Promise<boolean> {
  const job = await findEnrichmentJob(db, jobId);
  if (!job || job.status !== 'running') return false;
  const enrichment = enrichmentOfKind(job.list_type, job.kind);
  if (!enrichment) {
    await markEnrichmentJobFailed(db, jobId);
    return false;
  }
  const record: RecordChunk = (tx, chunk, cursor) => recordEnrichmentChunk(tx, jobId, chunk, cursor);
  let outcome: EnrichRun;
  try {
    outcome = await enrichment.run(
      db,
      job.user_id,
      selectionWhere(job.campaign_id, job.selection),
      `${job.kind}:list:${job.campaign_id}`,
      record,
      {
        from: { after: Number(job.after_id), seen: job.seen },
        deadline: Date.now() + ENRICH_STEP_BUDGET_MS,
        mail,
        now,
      },
    );
  } catch (error) {
    if (!(error instanceof LeadSourceError)) throw error;
    const sourceError = JSON.stringify({ source: error.source, code: error.code });
    // A refused key, a used-up quota or a refused request will not pass by retrying: the request ends now
    // (what it stored stays, charged). An outage or a rate limit is recorded and the queue retries the step.
    if (FINAL_SOURCE_ERRORS.has(error.code)) {
      await markEnrichmentJobSourceFailed(db, jobId, sourceError);
      return false;
    }
    await setEnrichmentSourceError(db, jobId, sourceError);
    throw error;
  }
  if (outcome.more) return true;
  await endEnrichmentJob(db, jobId, outcome.stopped ? 'stopped' : 'done');
  return false;
}

/** Source failures that end an enrichment request at once instead of being retried. */
const FINAL_SOURCE_ERRORS: ReadonlySet<string> = new Set(['key_refused', 'quota_exhausted', 'bad_request']);

/** The queue gave up on a job (its vendor kept failing): what it stored stays, charged; the job says it failed (and, when known, which source). */
export async function failEnrichmentJob(db: Db, jobId: number): Promise<void> {
  await markEnrichmentJobFailed(db, jobId);
}
