/** The SQL of intent lists' tracking (spec §1 live site visitor data): a list's tracking key and its visits. */
import type { Queryable } from '../../db';

/** The user's list's tracking key (null until first made) and type, or undefined when it is not theirs. */
export async function findTracking(
  q: Queryable,
  userId: number,
  id: number,
): Promise<{ tracking_key: string | null; list_type: string } | undefined> {
  return (
    await q.query<{ tracking_key: string | null; list_type: string }>(
      'SELECT tracking_key, list_type FROM campaigns WHERE id = $1 AND user_id = $2',
      [id, userId],
    )
  ).rows[0];
}

/** Gives the list `key` unless it has one already; answers the key it has. */
export async function keepTrackingKey(q: Queryable, userId: number, id: number, key: string): Promise<string> {
  return (
    await q.query<{ tracking_key: string }>(
      'UPDATE campaigns SET tracking_key = COALESCE(tracking_key, $3) WHERE id = $1 AND user_id = $2 RETURNING tracking_key',
      [id, userId, key],
    )
  ).rows[0]!.tracking_key;
}

/** The list's recorded visits: how many, how many not processed yet, and the last one's time. */
export async function visitStats(
  q: Queryable,
  campaignId: number,
): Promise<{ total: number; pending: number; last_at: Date | string | null }> {
  return (
    await q.query<{ total: number; pending: number; last_at: Date | string | null }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE NOT processed)::int AS pending, max(created_at) AS last_at FROM intent_visits WHERE campaign_id = $1`,
      [campaignId],
    )
  ).rows[0]!;
}

/** The intent list of a tracking key, or undefined. */
export async function intentListByKey(q: Queryable, key: string): Promise<number | undefined> {
  return (
    await q.query<{ id: number }>(`SELECT id FROM campaigns WHERE tracking_key = $1 AND list_type = 'intent'`, [key])
  ).rows[0]?.id;
}

/** Records one page view of the list's tracked site. */
export async function insertVisit(
  q: Queryable,
  visit: { campaignId: number; url: string; referrer: string | null; ip: string; userAgent: string | null },
): Promise<void> {
  await q.query('INSERT INTO intent_visits (campaign_id, url, referrer, ip, user_agent) VALUES ($1, $2, $3, $4, $5)', [
    visit.campaignId,
    visit.url,
    visit.referrer,
    visit.ip,
    visit.userAgent,
  ]);
}

/** The ids of the list's running search jobs. */
export async function runningJobIds(q: Queryable, campaignId: number): Promise<number[]> {
  return (
    await q.query<{ id: number }>(`SELECT id FROM search_jobs WHERE campaign_id = $1 AND status = 'running'`, [
      campaignId,
    ])
  ).rows.map((r) => r.id);
}
