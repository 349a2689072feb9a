import type { Queryable } from '../../db';
import type { JobQueue } from '../../queue/jobQueue';
import { queueWebhookEvent } from '../../workers/settingsWebhook';
import type { EnrichmentKind } from '../../modules/leadSearch/campaigns.schemas';

/** The results a chunk enriched, as one lead.enriched webhook event, queued in the chunk's transaction. */
export async function leadsEnriched(
  tx: Queryable,
  queue: JobQueue,
  userId: number,
  enrichment: EnrichmentKind,
  ids: number[],
): Promise<void> {
  if (!ids.length) return;
  const { rows } = await tx.query<{ id: number; list_id: number }>(
    `SELECT id::int AS id, campaign_id AS list_id, name, company, job_title, email, phone, website, city, email_status,
            data->'employees' AS employees, data->'social' AS social
       FROM campaign_results WHERE id = ANY($1::bigint[]) ORDER BY id`,
    [`{${ids.join(',')}}`],
  );
  await queueWebhookEvent(queue, tx, userId, 'lead.enriched', { enrichment, leads: rows }, new Date());
}
