import type { Queryable, SqlParam } from '../../db';
import { containing } from '../../db/like';

/**
 * A list's history (spec §7 `POST /api/campaign/{id}/history`, issue 28 item 1): every search run, enrichment,
 * import, export, CRM and webhook send, bulk action and label change on the list, who did it and what it
 * cost. Searches, enrichments, CRM sends, AI runs and queued exports are read from their own job tables (their cost and
 * progress stay live there); everything else is written here by `recordListEvent`, in the transaction of
 * the change where there is one (ADR 026). The SQL of both is here; the route is listHistory.routes.ts.
 */

/** Events written to campaign_history. */
export const RECORDED_KINDS = [
  'import',
  'manual_entry',
  'export',
  'webhook_send',
  'bulk_delete',
  'label_change',
  'details_change',
] as const;
export type RecordedKind = (typeof RECORDED_KINDS)[number];
/** Every kind the history shows. */
export const HISTORY_KINDS = ['search', 'enrichment', 'crm_send', 'ai', ...RECORDED_KINDS] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

export type ListEventDetails = Record<string, string | number | boolean | null>;

/** Who acts: the signed-in user, and the admin behind an impersonation. */
export interface ListActor {
  actorId: number | null;
  impersonatorId: number | null;
}

/** Writes one event of a list's history (pass the transaction of the change when there is one). */
export async function recordListEvent(
  db: Queryable,
  campaignId: number,
  actor: ListActor,
  kind: RecordedKind,
  details: ListEventDetails = {},
  credits = 0,
): Promise<void> {
  await db.query(
    'INSERT INTO campaign_history (campaign_id, actor_id, impersonator_id, kind, details, credits) VALUES ($1, $2, $3, $4, $5::jsonb, $6)',
    [campaignId, actor.actorId, actor.impersonatorId, kind, JSON.stringify(details), credits],
  );
}

/** What a page of the history is filtered on (the route's body; `endDate` not before `startDate`). */
export interface HistoryFilters {
  page: number;
  limit: number;
  search: string;
  startDate?: string | null;
  endDate?: string | null;
  kinds?: HistoryKind[];
}

/** One entry of the history, as the route answers it. */
export interface HistoryEntryRow {
  id: string;
  kind: HistoryKind;
  created_at: Date | string;
  actor: { id: number; name: string; email: string } | null;
  impersonated_by: { id: number; name: string; email: string } | null;
  details: ListEventDetails;
  credits: number;
  status: string | null;
}

/** One SELECT per source, each to the same columns; the campaign id is $1. */
const SOURCES = `
  SELECT 'search-' || j.id AS id, 'search' AS kind, j.created_at, j.user_id AS actor_id, NULL::int AS impersonator_id,
         jsonb_build_object('search_type', j.search_type, 'location', j.location, 'requested', j.requested, 'found', j.found,
                            'produced', j.produced, 'provider', j.provider, 'demo_data', j.demo_data) AS details,
         j.credits_charged AS credits, j.status
    FROM search_jobs j WHERE j.campaign_id = $1
  UNION ALL
  SELECT 'enrichment-' || e.id, 'enrichment', e.created_at, e.user_id, NULL,
         jsonb_build_object('action', e.kind, 'total', e.total, 'found', e.found), e.credits_charged, e.status
    FROM enrichment_jobs e WHERE e.campaign_id = $1
  UNION ALL
  SELECT 'crm-' || s.id, 'crm_send', s.created_at, s.user_id, NULL,
         jsonb_build_object('provider', s.provider, 'total', s.total, 'sent', s.sent, 'unsent', s.unsent, 'autopilot', s.autopilot_run_id IS NOT NULL), 0, s.status
    FROM crm_send_jobs s WHERE s.campaign_id = $1
  UNION ALL
  SELECT 'ai-' || a.id, 'ai', a.created_at, a.user_id, NULL,
         jsonb_build_object('total', a.total, 'processed', a.processed, 'failed', a.failed, 'prompts', jsonb_array_length(a.prompt_ids)), 0, a.status
    FROM lead_ai_jobs a WHERE a.campaign_id = $1
  UNION ALL
  SELECT 'export-' || x.id, 'export', x.created_at, x.user_id, NULL,
         jsonb_build_object('format', 'csv', 'file_name', x.file_name, 'rows', x.rows_written, 'total', x.total), 0, x.status
    FROM list_exports x WHERE x.campaign_id = $1
  UNION ALL
  SELECT 'event-' || h.id, h.kind, h.created_at, h.actor_id, h.impersonator_id, h.details, h.credits, NULL
    FROM campaign_history h WHERE h.campaign_id = $1`;

interface HistoryRow {
  id: string;
  kind: HistoryKind;
  created_at: Date | string;
  details: ListEventDetails;
  credits: number;
  status: string | null;
  actor_id: number | null;
  actor_name: string | null;
  actor_email: string | null;
  imp_id: number | null;
  imp_name: string | null;
  imp_email: string | null;
}

const person = (id: number | null, name: string | null, email: string | null) =>
  id === null ? null : { id, name: name?.trim() || (email ?? ''), email: email ?? '' };

/** A page of the list's history, newest first, and how many entries match. */
export async function listHistory(
  db: Queryable,
  campaignId: number,
  f: HistoryFilters,
): Promise<{ rows: HistoryEntryRow[]; total: number }> {
  const params: SqlParam[] = [campaignId];
  const add = (value: SqlParam) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where: string[] = [];
  if (f.kinds?.length)
    where.push(`x.kind IN (SELECT jsonb_array_elements_text(${add(JSON.stringify(f.kinds))}::jsonb))`);
  if (f.startDate) where.push(`x.created_at >= ${add(f.startDate)}::date`);
  if (f.endDate) where.push(`x.created_at < (${add(f.endDate)}::date + 1)`);
  const search = f.search.trim();
  if (search) {
    const p = add(containing(search));
    where.push(`(u.email ILIKE ${p} OR (u.first_name || ' ' || u.last_name) ILIKE ${p})`);
  }
  const from = `FROM (${SOURCES}) x LEFT JOIN users u ON u.id = x.actor_id LEFT JOIN users i ON i.id = x.impersonator_id ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
  const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, params)).rows[0]!.n;
  const { rows } = await db.query<HistoryRow>(
    `SELECT x.id, x.kind, x.created_at, x.details, x.credits, x.status,
            u.id AS actor_id, (u.first_name || ' ' || u.last_name) AS actor_name, u.email AS actor_email,
            i.id AS imp_id, (i.first_name || ' ' || i.last_name) AS imp_name, i.email AS imp_email
       ${from} ORDER BY x.created_at DESC, x.id DESC LIMIT ${f.limit} OFFSET ${(f.page - 1) * f.limit}`,
    params,
  );
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      created_at: r.created_at,
      actor: person(r.actor_id, r.actor_name, r.actor_email),
      impersonated_by: person(r.imp_id, r.imp_name, r.imp_email),
      details: r.details,
      credits: Number(r.credits),
      status: r.status,
    })),
  };
}
