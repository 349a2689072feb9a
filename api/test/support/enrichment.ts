import { bearer, json, type TestContext } from '../helpers';

export interface EnrichmentFigures {
  /** The request's answer: 202 and "Looking up …". */
  message: string;
  jobId: number;
  status: string;
  checked: number;
  found: number;
  credits_charged: number;
  stopped_no_credits: boolean;
}

/**
 * A get-phones / get-employees / enrich request as the screen makes it: POST (answered 202 with the
 * queued job), the queue run to the end (`drain`), then the job's figures as the list shows them.
 */
export async function enrichAndWait(
  ctx: TestContext,
  url: string,
  token: string,
  payload: object,
): Promise<EnrichmentFigures> {
  const res = await ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  if (res.statusCode !== 202) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  const { message, job } = json<{ message: string; job: { id: number } }>(res);
  await ctx.app.queue.drain();
  return { message, jobId: job.id, ...(await enrichmentFigures(ctx, job.id)) };
}

export async function enrichmentFigures(
  ctx: TestContext,
  jobId: number,
): Promise<Omit<EnrichmentFigures, 'message' | 'jobId'>> {
  const row = (
    await ctx.db.query<{ status: string; checked: number; found: number; credits_charged: number }>(
      'SELECT status, checked, found, credits_charged FROM enrichment_jobs WHERE id = $1',
      [jobId],
    )
  ).rows[0]!;
  return { ...row, stopped_no_credits: row.status === 'stopped' };
}
