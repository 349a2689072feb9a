import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db';
import { unprocessable, validationError } from '../../http/errors';
import { notFound } from './campaigns.service';
import { checkFilters } from './searchFilters.schemas';
import { DEFAULT_TIME_ZONE, isTimeZone, type Repeat } from '../../schedule/recurrence';
import { FIRST_RUN_DELAY_MS } from './autopilotScheduler.service';
import {
  autopilotList,
  autopilotPage,
  countAutopilots,
  countRuns,
  deleteAutopilot,
  findAutopilot,
  insertAutopilot,
  lastRuns,
  lockAutopilot,
  ownsAutopilot,
  pauseAutopilot,
  resumeAutopilot,
  runPage,
  updateAutopilot,
  type AutopilotRow,
  type AutopilotType,
  type AutopilotValues,
  type RunRow,
} from './autopilots.repository';
import { isoString } from '../../http/contract';

/**
 * Autopilots: scheduled searches into a list (the scheduler, autopilotScheduler.service.ts, runs them; every run is
 * recorded). The rules of saving one (spec §5) and the autopilot as the screens get it.
 */
export interface AutopilotBody {
  name: string;
  type: AutopilotType;
  repeat: Repeat;
  campaign_id: number;
  location: string;
  filters?: Record<string, unknown>;
  max_results: number;
  enrichment?: boolean;
  ai_prompts?: string[];
  crm?: string | null;
  time_zone?: string;
}

const toRunDto = (r: RunRow) => ({
  ...r,
  scheduled_for: isoString(r.scheduled_for),
  started_at: isoString(r.started_at),
  finished_at: isoString(r.finished_at),
});

function toDto(row: AutopilotRow, lastRun: RunRow | null) {
  const { campaign_name, list_type, has_webhook, ...rest } = row;
  return {
    ...rest,
    campaign: { id: row.campaign_id, name: campaign_name, list_type, has_webhook },
    next_run_at: isoString(row.next_run_at),
    last_run_at: isoString(row.last_run_at),
    created_at: isoString(row.created_at),
    last_run: lastRun ? toRunDto(lastRun) : null,
  };
}

/** The user's autopilot with its last run; 404 when it is not the user's. */
export async function loadAutopilot(db: Db, userId: number, id: number) {
  const row = await findAutopilot(db, userId, id);
  if (!row) throw notFound();
  return toDto(row, (await lastRuns(db, [row.id])).get(row.id) ?? null);
}

/** A page of the user's autopilots, newest first, each with its last run. */
export async function autopilotsPage(db: Db, userId: number, limit: number, offset: number) {
  // An account's autopilots are few: an exact count is cheap.
  const total = await countAutopilots(db, userId);
  const rows = await autopilotPage(db, userId, limit, offset);
  const runs = await lastRuns(
    db,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((r) => toDto(r, runs.get(r.id) ?? null)), total };
}

/** Checks a body against the account's list: 404 for another account's list, spec §5 rules as 400/422. */
async function checkBody(tx: Queryable, userId: number, body: AutopilotBody): Promise<AutopilotValues> {
  if (!body.location.trim()) throw validationError({ field: 'location', code: 'leadSearch.location_and_list' });
  if (body.time_zone !== undefined && !isTimeZone(body.time_zone))
    throw validationError({ field: 'time_zone', code: 'validation.time_zone' });
  const campaign = await autopilotList(tx, userId, body.campaign_id);
  if (!campaign) throw notFound();
  // Spec §5: a webhook list needs its webhook set up.
  if (body.type === 'webhook' && !campaign.webhook_url)
    throw unprocessable('leadSearch.list_has_no_webhook', 'campaign_id');
  const filters = checkFilters(campaign.list_type, body.filters ?? {});
  return {
    campaign_id: body.campaign_id,
    name: body.name.trim(),
    type: body.type,
    repeat: body.repeat,
    location: body.location.trim(),
    filters,
    max_results: body.max_results,
    enrichment: body.enrichment ?? false,
    ai_prompts: body.ai_prompts ?? [],
    crm: body.crm ?? null,
  };
}

/** Creates an autopilot (its first run starts shortly after); answers its id. */
export async function createAutopilot(db: Db, clock: Clock, userId: number, body: AutopilotBody): Promise<number> {
  return db.transaction(async (tx) => {
    const values = await checkBody(tx, userId, body);
    const firstRun = new Date(clock.now().getTime() + FIRST_RUN_DELAY_MS);
    return insertAutopilot(tx, userId, values, firstRun, clock.now(), body.time_zone ?? DEFAULT_TIME_ZONE);
  });
}

/** Changes the user's autopilot; 404 when it is not the user's. */
export async function editAutopilot(db: Db, userId: number, id: number, body: AutopilotBody): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockAutopilot(tx, userId, id))) throw notFound();
    const values = await checkBody(tx, userId, body);
    await updateAutopilot(tx, userId, id, values, body.time_zone ?? null);
  });
}

/** Pauses, or resumes (a resumed or restarted autopilot runs again shortly after); 404 when it is not the user's. */
export async function setAutopilotStatus(
  db: Db,
  clock: Clock,
  userId: number,
  id: number,
  status: 'active' | 'paused',
): Promise<void> {
  const next = new Date(clock.now().getTime() + FIRST_RUN_DELAY_MS).toISOString();
  const changed =
    status === 'active' ? await resumeAutopilot(db, userId, id, next) : await pauseAutopilot(db, userId, id);
  if (!changed) throw notFound();
}

export async function removeAutopilot(db: Db, userId: number, id: number): Promise<void> {
  if (!(await deleteAutopilot(db, userId, id))) throw notFound();
}

/** A page of one of the user's autopilots' runs, newest first; 404 when it is not the user's. */
export async function autopilotRunsPage(db: Db, userId: number, id: number, limit: number, offset: number) {
  if (!(await ownsAutopilot(db, userId, id))) throw notFound();
  const total = await countRuns(db, id);
  const rows = await runPage(db, id, limit, offset);
  return { rows: rows.map(toRunDto), total };
}
