import type { Queryable } from '../../db';
import type { JobQueue } from '../../queue/jobQueue';
import { queueWebhookEvent } from '../../workers/settingsWebhook';
import type { EnrichmentKind } from './campaigns.schemas';
import { enrichedLeads } from './enrichment.repository';

/** The results a chunk enriched, as one lead.enriched webhook event, queued in the chunk's transaction. */
export async function leadsEnriched(
  tx: Queryable,
  queue: JobQueue,
  userId: number,
  enrichment: EnrichmentKind,
  ids: number[],
): Promise<void> {
  if (!ids.length) return;
  const rows = await enrichedLeads(tx, ids);
  await queueWebhookEvent(queue, tx, userId, 'lead.enriched', { enrichment, leads: rows }, new Date());
}
