import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { validationError } from '../../http/errors';
import { objectSchema } from '../../http/schemas';
import type { Queryable, SqlParam } from '../../db';
import { providerFor, SEARCH_TYPES, type LeadProvider, type SearchType } from '../../providers/leads';
import { say } from '../respond';
import { loadCampaign, notFound } from './campaignStore';
import { spendCredits } from '../../credits/ledger';
import { CREDIT_COSTS } from './credits';
import { resultFiltersSchema, resultWhere, type ResultFilters } from './resultQuery';
import { applyLabels, MAX_LABELS } from './resultLabels';

/** Most results one enrichment call handles (a bulk action stays one bounded transaction). */
export const ENRICH_MAX_ROWS = 1000;

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
}

/** What one enrichment pass did: rows checked, items found (phones, employees, enriched records), credits charged, stopped for credits. */
export interface EnrichOutcome {
  checked: number;
  found: number;
  credits: number;
  stopped: boolean;
}

type Where = { sql: string; params: SqlParam[] };

/**
 * Phones for the selected people without one. Spec §9 peoplePhoneEnrich (1) per phone found, charged
 * in the caller's transaction with the row that stores it; when the credits run out it stops there.
 */
export async function findPhones(tx: Queryable, provider: LeadProvider, userId: number, campaignId: number, where: Where): Promise<EnrichOutcome> {
  const rows = (
    await tx.query<Row>(
      `SELECT r.id::int AS id, r.record_key, r.name, r.company, r.website FROM campaign_results r
        WHERE ${where.sql} AND r.phone IS NULL AND r.email_status <> 'looking' ORDER BY r.id LIMIT ${ENRICH_MAX_ROWS} FOR UPDATE`,
      where.params,
    )
  ).rows;
  let found = 0;
  let stopped = false;
  for (const row of rows) {
    const phone = await provider.findPhone({ key: row.record_key, name: row.name, company: row.company, website: row.website });
    if (!phone) continue;
    if (!(await spendCredits(tx, userId, CREDIT_COSTS.peoplePhoneEnrich, `get-phones:list:${campaignId}`))) {
      stopped = true;
      break;
    }
    await tx.query('UPDATE campaign_results SET phone = $2, credits = credits + $3 WHERE id = $1', [row.id, phone, CREDIT_COSTS.peoplePhoneEnrich]);
    found += 1;
  }
  return { checked: rows.length, found, credits: found * CREDIT_COSTS.peoplePhoneEnrich, stopped };
}

/**
 * Employees of the selected companies not enriched yet, stored on each result. `cost` per employee
 * returned with a contact or email (spec §9), charged in the caller's transaction; `found` counts employees.
 */
export async function findEmployees(tx: Queryable, provider: LeadProvider, userId: number, campaignId: number, where: Where, cost: number): Promise<EnrichOutcome> {
  const rows = (
    await tx.query<Row>(
      `SELECT r.id::int AS id, r.record_key, r.name, r.company, r.website FROM campaign_results r
        WHERE ${where.sql} AND NOT (r.data ? 'employees') AND r.email_status <> 'looking' ORDER BY r.id LIMIT ${ENRICH_MAX_ROWS} FOR UPDATE`,
      where.params,
    )
  ).rows;
  let employees = 0;
  let credits = 0;
  let stopped = false;
  for (const row of rows) {
    const found = await provider.findEmployees({ key: row.record_key, name: row.name, company: row.company, website: row.website });
    const billable = found.filter((e) => e.email || e.phone).length;
    const price = billable * cost;
    if (price > 0 && !(await spendCredits(tx, userId, price, `get-employees:list:${campaignId}`))) {
      stopped = true;
      break;
    }
    await tx.query(`UPDATE campaign_results SET data = jsonb_set(data, '{employees}', $2::jsonb), credits = credits + $3 WHERE id = $1`, [row.id, JSON.stringify(found), price]);
    employees += found.length;
    credits += price;
  }
  return { checked: rows.length, found: employees, credits, stopped };
}

/**
 * Contact and extra figures for the selected creators not enriched yet. Spec §9
 * influencerEnrichPerRecord (5) per record that returns a contact or email; `found` counts those.
 */
export async function enrichInfluencers(tx: Queryable, provider: LeadProvider, userId: number, campaignId: number, where: Where): Promise<EnrichOutcome> {
  const cost = CREDIT_COSTS.influencerEnrichPerRecord;
  const rows = (
    await tx.query<Row & { social: Record<string, unknown> | null }>(
      `SELECT r.id::int AS id, r.record_key, r.name, r.company, r.website, r.data->'social' AS social FROM campaign_results r
        WHERE ${where.sql} AND NOT (r.data ? 'enriched') AND r.email_status <> 'looking' ORDER BY r.id LIMIT ${ENRICH_MAX_ROWS} FOR UPDATE`,
      where.params,
    )
  ).rows;
  let enriched = 0;
  let stopped = false;
  for (const row of rows) {
    const answer = await provider.enrichInfluencer({ key: row.record_key, name: row.name, company: row.company, website: row.website, social: row.social });
    const billable = Boolean(answer && (answer.email || answer.phone));
    if (billable && !(await spendCredits(tx, userId, cost, `enrich:list:${campaignId}`))) {
      stopped = true;
      break;
    }
    await tx.query(
      `UPDATE campaign_results
          SET data = jsonb_set(jsonb_set(data, '{enriched}', 'true'::jsonb), '{social}', COALESCE(data->'social', '{}'::jsonb) || $2::jsonb),
              email = COALESCE(email, $3), phone = COALESCE(phone, $4),
              email_status = CASE WHEN email IS NULL AND $3::text IS NOT NULL THEN 'found' ELSE email_status END,
              credits = credits + $5
        WHERE id = $1`,
      [row.id, JSON.stringify(answer?.social ?? {}), answer?.email ?? null, answer?.phone ?? null, billable ? cost : 0],
    );
    if (billable) enriched += 1;
  }
  return { checked: rows.length, found: enriched, credits: enriched * cost, stopped };
}

/**
 * The enrichment of a list type's toolbar (spec §2): get-phones for people, get-employees for
 * local/company/domain, enrich for influencers; null for a type without one (intent). For autopilots.
 */
export function enrichmentFor(type: SearchType): ((tx: Queryable, userId: number, campaignId: number, where: Where) => Promise<EnrichOutcome>) | null {
  if (PHONE_TYPES.includes(type)) return (tx, userId, campaignId, where) => findPhones(tx, providerFor(type), userId, campaignId, where);
  const cost = EMPLOYEE_COST[type];
  if (cost !== undefined) return (tx, userId, campaignId, where) => findEmployees(tx, providerFor(type), userId, campaignId, where, cost);
  if (type === 'influencer') return (tx, userId, campaignId, where) => enrichInfluencers(tx, providerFor(type), userId, campaignId, where);
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
        const outcome = await db.transaction((tx) => findPhones(tx, providerFor(type), userId, campaign.id, where));
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
        const outcome = await db.transaction((tx) => findEmployees(tx, providerFor(type), userId, campaign.id, where, cost));
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
      const outcome = await db.transaction((tx) => enrichInfluencers(tx, providerFor('influencer'), userId, campaign.id, where));
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
        const updated = await db.transaction((tx) => applyLabels(tx, selection, add, remove));
        return { ...say(request, 'leadSearch.labels_saved', { count: updated }), updated };
      },
    );
  }
}
