import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { validationError } from '../../http/errors';
import { objectSchema } from '../../http/schemas';
import type { Db, Queryable, SqlParam } from '../../db';
import { providerFor, SEARCH_TYPES, type EmployeeRecord, type InfluencerEnrichment, type LeadProvider, type SearchType } from '../../providers/leads';
import { claimEffects, settleEffects } from '../../effects/externalEffects';
import { queueOf, type JobQueue } from '../../queue/jobQueue';
import { queueWebhookEvent } from '../../workers/settingsWebhook';
import { say } from '../respond';
import { loadCampaign, notFound } from './campaignStore';
import { creditBalance, spendCredits } from '../../credits/ledger';
import { CREDIT_COSTS } from './credits';
import { resultFiltersSchema, resultWhere, type ResultFilters } from './resultQuery';
import { applyLabels, catalogueLabels, MAX_LABELS } from './resultLabels';

/** Most results one enrichment call handles. */
export const ENRICH_MAX_ROWS = 1000;

/** Results asked about between two writes: each chunk is read, asked (no transaction open) and written. */
export const ENRICH_CHUNK = 25;

/** Types whose toolbar has get-employees (spec §2: domain, local and company) and their §9 cost per employee found. */
export const EMPLOYEE_COST: Readonly<Partial<Record<SearchType, number>>> = {
  local: CREDIT_COSTS.localEmployeeEnrich,
  company: CREDIT_COSTS.localEmployeeEnrich,
  domain: CREDIT_COSTS.domainEmployeeEnrich,
};

/** Types whose toolbar has get-phones (spec §2: people; group lists hold people, ADR 005). */
const PHONE_TYPES: readonly SearchType[] = ['people', 'group'];

interface Row {
  id: number;
  record_key: string | null;
  name: string;
  company: string | null;
  website: string | null;
  social: Record<string, unknown> | null;
}

/** What one enrichment pass did: rows checked, items found (phones, employees, enriched records), credits charged, stopped for credits. */
export interface EnrichOutcome {
  checked: number;
  found: number;
  credits: number;
  stopped: boolean;
}

type Where = { sql: string; params: SqlParam[] };

/** Called in each chunk's write transaction with what that chunk stored and charged (the autopilot run's figures). */
export type RecordChunk = (tx: Queryable, chunk: EnrichOutcome) => Promise<void>;

/** What one stored answer did to its row: items found and credits it costs (0 when nothing billable). */
interface Stored {
  found: number;
  price: number;
}

/**
 * One enrichment: which rows still need it (`pending`, a condition on `r`), the vendor call, and how
 * an answer is written to its row once its price is paid. `store` returns null when the answer
 * leaves the row as it was (no phone found): the row may be asked about again by a later request.
 */
interface Enrichment<A> {
  /** Idempotency-key prefix. */
  name: 'get-phones' | 'get-employees' | 'enrich';
  pending: string;
  /** The least a billable answer costs: a chunk asks about no more rows than the balance could pay for. */
  unitCost: number;
  price(answer: A): Stored;
  call(row: Row): Promise<A>;
  store(tx: Queryable, row: Row, answer: A, price: number): Promise<boolean>;
}

/**
 * Runs an enrichment over the selection in chunks of three steps, so no transaction is open while a
 * vendor is asked (ADR 015):
 * 1. read the next rows still pending and claim one `lead_lookup` effect per row
 *    (`<name>:<result id>`): a row another request is asking about is skipped;
 * 2. ask the vendor about each claimed row, no transaction open;
 * 3. in one short transaction, per answer: re-check that the row is still pending and the effect
 *    still ours, pay its price (spec §9, charged only for what is stored), store it and settle the
 *    effect. Run twice, this step finds nothing left to do. When the credits run out it stops there;
 *    claims whose answer was not stored are given back, so a later request may ask again.
 */
async function runEnrichment<A>(db: Db, e: Enrichment<A>, userId: number, reason: string, where: Where, record?: RecordChunk): Promise<EnrichOutcome> {
  const total: EnrichOutcome = { checked: 0, found: 0, credits: 0, stopped: false };
  const next = `$${where.params.length + 1}`;
  let after = 0;
  let seen = 0;
  while (seen < ENRICH_MAX_ROWS && !total.stopped) {
    const limit = Math.min(ENRICH_CHUNK, ENRICH_MAX_ROWS - seen);
    const rows = (
      await db.query<Row>(
        `SELECT r.id::int AS id, r.record_key, r.name, r.company, r.website, r.data->'social' AS social FROM campaign_results r
          WHERE ${where.sql} AND ${e.pending} AND r.email_status <> 'looking' AND r.id > ${next} ORDER BY r.id LIMIT ${limit}`,
        [...where.params, after],
      )
    ).rows;
    if (!rows.length) break;
    seen += rows.length;
    after = rows[rows.length - 1]!.id;
    const affordable = Math.floor((await creditBalance(db, userId)) / e.unitCost);
    if (affordable < 1) {
      total.stopped = true;
      break;
    }
    const wanted = rows.slice(0, affordable);
    const keyOf = (row: Row) => `${e.name}:${row.id}`;
    const claimed = await claimEffects(db, 'lead_lookup', wanted.map(keyOf));
    const mine = wanted.filter((row) => claimed.has(keyOf(row)));
    const answers: { row: Row; answer: A }[] = [];
    let failure: unknown = null;
    for (const row of mine) {
      try {
        answers.push({ row, answer: await e.call(row) });
      } catch (error) {
        failure = error;
        break;
      }
    }
    const chunk = await db.transaction(async (tx) => {
      const done: EnrichOutcome = { checked: answers.length, found: 0, credits: 0, stopped: false };
      const giveBack: string[] = mine.slice(answers.length).map(keyOf);
      const enriched: number[] = [];
      for (const { row, answer } of answers) {
        const key = keyOf(row);
        if (done.stopped) {
          giveBack.push(key);
          continue;
        }
        const still = await tx.query(`SELECT 1 FROM campaign_results r WHERE r.id = $1 AND ${e.pending} FOR UPDATE`, [row.id]);
        const ours = await tx.query(`SELECT 1 FROM external_effects WHERE key = $1 AND state = 'sending' FOR UPDATE`, [key]);
        if (!still.rowCount || !ours.rowCount) continue;
        const { found, price } = e.price(answer);
        if (price > 0 && !(await spendCredits(tx, userId, price, reason))) {
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
        done.credits += price;
      }
      if (giveBack.length) await tx.query(`DELETE FROM external_effects WHERE key = ANY($1::text[]) AND state = 'sending'`, [`{${giveBack.join(',')}}`]);
      await leadsEnriched(tx, queueOf(db), userId, e.name, enriched);
      await record?.(tx, done);
      return done;
    });
    total.checked += chunk.checked;
    total.found += chunk.found;
    total.credits += chunk.credits;
    total.stopped = chunk.stopped || wanted.length < rows.length;
    if (failure) throw failure;
    if (rows.length < limit) break;
  }
  return total;
}

/** The results a chunk enriched, as one lead.enriched webhook event, queued in the chunk's transaction. */
async function leadsEnriched(tx: Queryable, queue: JobQueue, userId: number, enrichment: Enrichment<unknown>['name'], ids: number[]): Promise<void> {
  if (!ids.length) return;
  const { rows } = await tx.query<{ id: number; list_id: number }>(
    `SELECT id::int AS id, campaign_id AS list_id, name, company, job_title, email, phone, website, city, email_status,
            data->'employees' AS employees, data->'social' AS social
       FROM campaign_results WHERE id = ANY($1::bigint[]) ORDER BY id`,
    [`{${ids.join(',')}}`],
  );
  await queueWebhookEvent(queue, tx, userId, 'lead.enriched', { enrichment, leads: rows }, new Date());
}

const leadOf = (row: Row) => ({ key: row.record_key, name: row.name, company: row.company, website: row.website });

/** Phones for the selected people without one. Spec §9 peoplePhoneEnrich (1) per phone found and stored. */
export function findPhones(db: Db, provider: LeadProvider, userId: number, reason: string, where: Where, record?: RecordChunk): Promise<EnrichOutcome> {
  const cost = CREDIT_COSTS.peoplePhoneEnrich;
  return runEnrichment<string | null>(
    db,
    {
      name: 'get-phones',
      pending: 'r.phone IS NULL',
      unitCost: cost,
      call: (row) => provider.findPhone(leadOf(row)),
      price: (phone) => (phone ? { found: 1, price: cost } : { found: 0, price: 0 }),
      store: async (tx, row, phone, price) => {
        if (!phone) return false;
        await tx.query('UPDATE campaign_results SET phone = $2, credits = credits + $3 WHERE id = $1', [row.id, phone, price]);
        return true;
      },
    },
    userId,
    reason,
    where,
    record,
  );
}

/**
 * Employees of the selected companies not enriched yet, stored on each result. `cost` per employee
 * returned with a contact or email (spec §9); `found` counts employees.
 */
export function findEmployees(db: Db, provider: LeadProvider, userId: number, reason: string, where: Where, cost: number, record?: RecordChunk): Promise<EnrichOutcome> {
  return runEnrichment<EmployeeRecord[]>(
    db,
    {
      name: 'get-employees',
      pending: `NOT (r.data ? 'employees')`,
      unitCost: cost,
      call: (row) => provider.findEmployees(leadOf(row)),
      price: (found) => ({ found: found.length, price: found.filter((e) => e.email || e.phone).length * cost }),
      store: async (tx, row, found, price) => {
        await tx.query(`UPDATE campaign_results SET data = jsonb_set(data, '{employees}', $2::jsonb), credits = credits + $3 WHERE id = $1`, [row.id, JSON.stringify(found), price]);
        return true;
      },
    },
    userId,
    reason,
    where,
    record,
  );
}

/**
 * Contact and extra figures for the selected creators not enriched yet. Spec §9
 * influencerEnrichPerRecord (5) per record that returns a contact or email; `found` counts those.
 */
export function enrichInfluencers(db: Db, provider: LeadProvider, userId: number, reason: string, where: Where, record?: RecordChunk): Promise<EnrichOutcome> {
  const cost = CREDIT_COSTS.influencerEnrichPerRecord;
  return runEnrichment<InfluencerEnrichment | null>(
    db,
    {
      name: 'enrich',
      pending: `NOT (r.data ? 'enriched')`,
      unitCost: cost,
      call: (row) => provider.enrichInfluencer({ ...leadOf(row), social: row.social }),
      price: (answer) => (answer && (answer.email || answer.phone) ? { found: 1, price: cost } : { found: 0, price: 0 }),
      store: async (tx, row, answer, price) => {
        await tx.query(
          `UPDATE campaign_results
              SET data = jsonb_set(jsonb_set(data, '{enriched}', 'true'::jsonb), '{social}', COALESCE(data->'social', '{}'::jsonb) || $2::jsonb),
                  email = COALESCE(email, $3), phone = COALESCE(phone, $4),
                  email_status = CASE WHEN email IS NULL AND $3::text IS NOT NULL THEN 'found' ELSE email_status END,
                  credits = credits + $5
            WHERE id = $1`,
          [row.id, JSON.stringify(answer?.social ?? {}), answer?.email ?? null, answer?.phone ?? null, price],
        );
        return true;
      },
    },
    userId,
    reason,
    where,
    record,
  );
}

/** The enrichment of one list type: its ledger name, and a run over a selection charged under `reason`. */
export interface ListEnrichment {
  name: 'get-phones' | 'get-employees' | 'enrich';
  run(db: Db, userId: number, where: Where, reason: string, record?: RecordChunk): Promise<EnrichOutcome>;
}

/**
 * The enrichment of a list type's toolbar (spec §2): get-phones for people, get-employees for
 * local/company/domain, enrich for influencers; null for a type without one (intent). For autopilots and workflows.
 */
export function enrichmentFor(type: SearchType): ListEnrichment | null {
  if (PHONE_TYPES.includes(type)) return { name: 'get-phones', run: (db, userId, where, reason, record) => findPhones(db, providerFor(type), userId, reason, where, record) };
  const cost = EMPLOYEE_COST[type];
  if (cost !== undefined) return { name: 'get-employees', run: (db, userId, where, reason, record) => findEmployees(db, providerFor(type), userId, reason, where, cost, record) };
  if (type === 'influencer') return { name: 'enrich', run: (db, userId, where, reason, record) => enrichInfluencers(db, providerFor(type), userId, reason, where, record) };
  return null;
}

/**
 * `POST /api/{type}-results/{id}/get-phones`: looks up phones for the selected results that have
 * none. Spec §9 peoplePhoneEnrich (1) is charged per phone found, in the same transaction that
 * stores it; when the credits run out the call stops there and says so.
 */
export function enrichmentRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const guard = { onRequest: [app.requireAuth, app.requireModule('leads')] };
  for (const type of PHONE_TYPES) {
    app.post<{ Params: { id: number }; Body: { ids?: number[]; all_matching?: boolean; filters?: ResultFilters } }>(
      `/api/${type}-results/:id/get-phones`,
      {
        ...guard,
        schema: {
          params: objectSchema({ id: { type: 'integer', minimum: 1, maximum: 2147483647 } }, ['id']),
          body: objectSchema({
            ids: { type: 'array', maxItems: ENRICH_MAX_ROWS, uniqueItems: true, items: { type: 'integer', minimum: 1, maximum: 9007199254740991 } },
            all_matching: { type: 'boolean' },
            filters: resultFiltersSchema,
          }),
        },
      },
      async (request) => {
        const userId = currentUser(request).id;
        const campaign = await loadCampaign(db, userId, request.params.id);
        if (campaign.list_type !== type) throw notFound();
        const { ids, all_matching, filters } = request.body;
        if (!all_matching && !ids?.length) throw validationError({ field: 'ids', code: 'validation.required' });
        const where = all_matching ? resultWhere(campaign.id, filters ?? {}) : { sql: 'r.campaign_id = $1 AND r.id = ANY($2::bigint[])', params: [campaign.id, `{${ids!.join(',')}}`] };
        const outcome = await findPhones(db, providerFor(type), userId, `get-phones:list:${campaign.id}`, where);
        const credits = outcome.credits;
        return {
          ...say(request, outcome.stopped ? 'leadSearch.phones_stopped_no_credits' : 'leadSearch.phones_found', { found: outcome.found, credits }),
          checked: outcome.checked,
          found: outcome.found,
          credits_charged: credits,
          stopped_no_credits: outcome.stopped,
        };
      },
    );
  }

  const selectionBody = (maxIds: number, extra: Record<string, object> = {}) =>
    objectSchema({
      ids: { type: 'array', maxItems: maxIds, uniqueItems: true, items: { type: 'integer', minimum: 1, maximum: 9007199254740991 } },
      all_matching: { type: 'boolean' },
      filters: resultFiltersSchema,
      ...extra,
    });
  const params = objectSchema({ id: { type: 'integer', minimum: 1, maximum: 2147483647 } }, ['id']);
  type Selection = { ids?: number[]; all_matching?: boolean; filters?: ResultFilters };
  const selectionWhere = (campaignId: number, { ids, all_matching, filters }: Selection) => {
    if (!all_matching && !ids?.length) throw validationError({ field: 'ids', code: 'validation.required' });
    return all_matching ? resultWhere(campaignId, filters ?? {}) : { sql: 'r.campaign_id = $1 AND r.id = ANY($2::bigint[])', params: [campaignId, `{${ids!.join(',')}}`] };
  };
  async function listOf(userId: number, type: SearchType, id: number) {
    const campaign = await loadCampaign(db, userId, id);
    if (campaign.list_type !== type) throw notFound();
    return campaign;
  }

  /**
   * `POST /api/{local,company,domain}-results/{id}/get-employees`: people working at the selected
   * companies, stored on each result. Spec §9 employee enrich (2) per employee returned with a
   * contact or email, charged in the transaction that stores them; a result already enriched is skipped.
   */
  for (const [type, cost] of Object.entries(EMPLOYEE_COST) as [SearchType, number][]) {
    app.post<{ Params: { id: number }; Body: Selection }>(
      `/api/${type}-results/:id/get-employees`,
      { ...guard, schema: { params, body: selectionBody(ENRICH_MAX_ROWS) } },
      async (request) => {
        const userId = currentUser(request).id;
        const campaign = await listOf(userId, type, request.params.id);
        const where = selectionWhere(campaign.id, request.body);
        const outcome = await findEmployees(db, providerFor(type), userId, `get-employees:list:${campaign.id}`, where, cost);
        return {
          ...say(request, outcome.stopped ? 'leadSearch.employees_stopped_no_credits' : 'leadSearch.employees_found', { found: outcome.found, credits: outcome.credits }),
          checked: outcome.checked,
          found: outcome.found,
          credits_charged: outcome.credits,
          stopped_no_credits: outcome.stopped,
        };
      },
    );
  }

  /**
   * `POST /api/influencer-results/{id}/enrich`: contact and extra figures for the selected creators.
   * Spec §9 influencerEnrichPerRecord (5) per record that returns a contact or email; no charge otherwise.
   */
  app.post<{ Params: { id: number }; Body: Selection }>(
    '/api/influencer-results/:id/enrich',
    { ...guard, schema: { params, body: selectionBody(ENRICH_MAX_ROWS) } },
    async (request) => {
      const userId = currentUser(request).id;
      const campaign = await listOf(userId, 'influencer', request.params.id);
      const where = selectionWhere(campaign.id, request.body);
      const outcome = await enrichInfluencers(db, providerFor('influencer'), userId, `enrich:list:${campaign.id}`, where);
      const credits = outcome.credits;
      return {
        ...say(request, outcome.stopped ? 'leadSearch.enrich_stopped_no_credits' : 'leadSearch.enriched', { found: outcome.found, credits }),
        checked: outcome.checked,
        found: outcome.found,
        credits_charged: credits,
        stopped_no_credits: outcome.stopped,
      };
    },
  );

  /** `POST /api/{type}-results/{id}/labels`: add or remove custom labels on the selection (one statement, every matching row). */
  const label = { type: 'string', minLength: 1, maxLength: 40, pattern: '\\S' } as const;
  for (const type of SEARCH_TYPES) {
    app.post<{ Params: { id: number }; Body: Selection & { add?: string[]; remove?: string[] } }>(
      `/api/${type}-results/:id/labels`,
      {
        ...guard,
        schema: {
          params,
          body: selectionBody(1000, {
            add: { type: 'array', maxItems: MAX_LABELS, uniqueItems: true, items: label },
            remove: { type: 'array', maxItems: MAX_LABELS, uniqueItems: true, items: label },
          }),
        },
      },
      async (request) => {
        const userId = currentUser(request).id;
        const campaign = await listOf(userId, type, request.params.id);
        const add = [...new Set((request.body.add ?? []).map((l) => l.trim()))];
        const remove = [...new Set((request.body.remove ?? []).map((l) => l.trim()))];
        if (add.length === 0 && remove.length === 0) throw validationError({ field: 'add', code: 'validation.required' });
        const selection = selectionWhere(campaign.id, request.body);
        const updated = await db.transaction(async (tx) => applyLabels(tx, selection, await catalogueLabels(tx, userId, add), remove));
        return { ...say(request, 'leadSearch.labels_saved', { count: updated }), updated };
      },
    );
  }
}
