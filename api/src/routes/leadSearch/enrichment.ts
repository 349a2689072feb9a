import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { validationError } from '../../http/errors';
import { objectSchema } from '../../http/schemas';
import { providerFor, type SearchType } from '../../providers/leads';
import { say } from '../respond';
import { loadCampaign, notFound } from './campaignStore';
import { CREDIT_COSTS, spendCredits } from './credits';
import { resultFiltersSchema, resultWhere, type ResultFilters } from './resultQuery';

/** Most results one enrichment call handles (a bulk action stays one bounded transaction). */
export const ENRICH_MAX_ROWS = 1000;

/** Types whose toolbar has get-phones (spec §2: people; group lists hold people, ADR 005). */
const PHONE_TYPES: readonly SearchType[] = ['people', 'group'];

interface Row {
  id: number;
  record_key: string | null;
  name: string;
  company: string | null;
  website: string | null;
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
        const provider = providerFor(type);
        const outcome = await db.transaction(async (tx) => {
          const where = all_matching ? resultWhere(campaign.id, filters ?? {}) : { sql: 'r.campaign_id = $1 AND r.id = ANY($2::bigint[])', params: [campaign.id, `{${ids!.join(',')}}`] };
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
            if (!(await spendCredits(tx, userId, CREDIT_COSTS.peoplePhoneEnrich, `get-phones:list:${campaign.id}`))) {
              stopped = true;
              break;
            }
            await tx.query('UPDATE campaign_results SET phone = $2, credits = credits + $3 WHERE id = $1', [row.id, phone, CREDIT_COSTS.peoplePhoneEnrich]);
            found += 1;
          }
          return { checked: rows.length, found, stopped };
        });
        const credits = outcome.found * CREDIT_COSTS.peoplePhoneEnrich;
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
}
