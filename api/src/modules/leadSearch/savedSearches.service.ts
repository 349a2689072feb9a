/**
 * The rules of saved searches (lead-search/saved-searches): saving one (its list must be the user's and of the
 * search's type, its filters checked), changing its name or alert (a changed alert starts its periods afresh),
 * running it again with one click. The runs and alerts are in savedSearchAlerts.service.ts; the SQL in
 * savedSearches.repository.ts.
 */
import { COST_PER_RECORD } from '@leadsmith/shared/constants';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db';
import { unprocessable, validationError } from '../../http/errors';
import type { JobQueue } from '../../queue/jobQueue';
import { notFound } from './campaigns.service';
import { DEFAULT_TIME_ZONE, isTimeZone, nextRunAfter } from '../../schedule/recurrence';
import { startSavedSearchRun } from './savedSearchAlerts.service';
import {
  findSavedSearch,
  insertSavedSearch,
  lastRuns,
  listTypeOf,
  lockAlertSettings,
  updateSavedSearch,
  type SavedSearchRow,
} from './savedSearches.repository';
import type {
  CreateSavedSearch,
  RunDto,
  SavedSearchAlert,
  SavedSearchDto,
  UpdateSavedSearch,
} from './savedSearches.schemas';
import { checkFilters } from './searchFilters.schemas';

export function toSavedSearchDto(row: SavedSearchRow, lastRun: RunDto | null): SavedSearchDto {
  return {
    id: row.id,
    name: row.name,
    type: row.search_type,
    campaign: { id: row.campaign_id, name: row.campaign_name, list_type: row.list_type },
    location: row.location,
    filters: row.filters,
    count: row.count,
    alert: row.alert,
    time_zone: row.time_zone,
    next_alert_at: row.next_alert_at,
    created_at: row.created_at,
    last_run: lastRun,
  };
}

/** The first alert comes one period after it is turned on: it reports the leads that appeared since. */
function firstAlert(alert: SavedSearchAlert, now: Date, timeZone: string): Date | null {
  return alert === 'off' ? null : nextRunAfter({ repeat: alert, anchor: now, timeZone }, now);
}

/** The user's saved search with its last run; 404 when it is not theirs. */
export async function loadSavedSearch(db: Queryable, userId: number, id: number): Promise<SavedSearchDto> {
  const row = await findSavedSearch(db, userId, id);
  if (!row) throw notFound();
  return toSavedSearchDto(row, (await lastRuns(db, [row.id])).get(row.id) ?? null);
}

/** Saves a search under a name (optionally with a daily or weekly alert); answers its id. */
export async function createSavedSearch(
  db: Db,
  clock: Clock,
  userId: number,
  body: CreateSavedSearch,
): Promise<number> {
  if (!body.location.trim()) throw validationError({ field: 'location', code: 'leadSearch.location_and_list' });
  if (body.time_zone !== undefined && !isTimeZone(body.time_zone))
    throw validationError({ field: 'time_zone', code: 'validation.time_zone' });
  const timeZone = body.time_zone ?? DEFAULT_TIME_ZONE;
  const alert = body.alert ?? 'off';
  const now = clock.now();
  return db.transaction(async (tx) => {
    const listType = await listTypeOf(tx, userId, body.campaign_id);
    if (!listType) throw notFound();
    if (listType !== body.type)
      throw unprocessable('leadSearch.list_type_mismatch', 'campaign_id', {
        listType,
        searchType: body.type,
      });
    const filters = checkFilters(body.type, body.filters ?? {});
    return insertSavedSearch(tx, {
      userId,
      campaignId: body.campaign_id,
      name: body.name.trim(),
      type: body.type,
      location: body.location.trim(),
      filters,
      count: body.count,
      alert,
      timeZone,
      alertAnchor: alert === 'off' ? null : now,
      nextAlertAt: firstAlert(alert, now, timeZone),
      now,
    });
  });
}

/** Renames the user's saved search or changes its alert; a changed alert (or zone) starts its periods from now. */
export async function changeSavedSearch(
  db: Db,
  clock: Clock,
  userId: number,
  id: number,
  body: UpdateSavedSearch,
): Promise<void> {
  if (body.time_zone !== undefined && !isTimeZone(body.time_zone))
    throw validationError({ field: 'time_zone', code: 'validation.time_zone' });
  const now = clock.now();
  await db.transaction(async (tx) => {
    const current = await lockAlertSettings(tx, userId, id);
    if (!current) throw notFound();
    const alert = body.alert ?? current.alert;
    const timeZone = body.time_zone ?? current.time_zone;
    // A changed alert (or zone) starts its periods afresh from now; the same one keeps its schedule.
    const reschedule = alert !== current.alert || timeZone !== current.time_zone;
    await updateSavedSearch(tx, userId, id, {
      name: body.name?.trim() ?? null,
      alert,
      timeZone,
      reschedule,
      anchor: alert === 'off' ? null : now,
      nextAlertAt: firstAlert(alert, now, timeZone),
      now,
    });
  });
}

/**
 * Runs the user's saved search again into its list: only leads the account does not hold yet are added (and
 * charged). A click that cannot search says why, as the search form does, and nothing is recorded.
 */
export async function runSavedSearch(db: Db, queue: JobQueue, clock: Clock, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findSavedSearch(tx, userId, id, { forUpdate: true });
    if (!row) throw notFound();
    const { outcome } = await startSavedSearchRun(
      tx,
      queue,
      {
        savedSearchId: row.id,
        userId,
        campaignId: row.campaign_id,
        location: row.location,
        filters: row.filters,
        count: row.count,
        trigger: 'manual',
        scheduledFor: null,
      },
      clock.now(),
    );
    // A click that cannot search says why, as the search form does; nothing is recorded.
    if (outcome === 'no_credits')
      throw unprocessable('leadSearch.no_credits', 'count', { cost: COST_PER_RECORD[row.search_type] });
    if (outcome === 'limit_reached')
      throw unprocessable('leadSearch.limit_exceeded', 'count', { count: row.count, remaining: 0 });
    if (outcome === 'job_running') throw unprocessable('leadSearch.job_running', 'campaign_id');
    if (outcome === 'list_in_trash') throw unprocessable('leadSearch.list_in_trash', 'campaign_id');
  });
}
