import type { Clock } from '../../clock';
import { licenseValidSql } from '../../users/license';
import { secondsFromEnv } from '../../effects/externalEffects';
import { queueOf } from '../../queue/jobQueue';
import type { Db, Queryable } from '../../db';
import { ApiError } from '../../http/errors';
import { aiProvider } from '../../providers/ai';
import { connectedCrms, type CrmId } from '../../providers/crm';
import type { SearchType } from '../../providers/leads';
import { accountIdOf } from '../../modules/settings/account.repository';
import { AI_MAX_PROMPTS, AI_STEP_ROWS, runAiPrompts } from '../../modules/leadSearch/aiActionJob.service';
import { queueCrmSend } from '../../modules/leadSearch/crmSend.service';
import { enrichmentFor } from '../../modules/leadSearch/enrichmentJob.service';
import { promptIdsForTypes } from '../../modules/leadSearch/fineTunes.service';
import { AI_ACTION_LIST_TYPES } from '../../modules/leadSearch/promptDefaults';
import { WEBHOOK_MAX_ROWS } from '../../modules/leadSearch/listWebhookDelivery.service';
import { sendToListWebhook } from '../../modules/leadSearch/webhooks.service';
import { aiBulkActions } from '@leadsmith/shared/constants';
import { platformAiModel } from '../../modules/admin/aiModel.service';
import type { MailDeps } from '../../mail/templatedMail';

/**
 * What an autopilot run does after its search job has filled the list (spec §3 Autopilot: enrichment,
 * AI prompts, CRM; a webhook autopilot sends to its list's webhook), on the new results only, in
 * this order: enrichment → AI prompts → webhook → CRM (the CRM's statuses are the last word on a row).
 *
 * A run whose search ended gets `actions_state = 'pending'` (autopilotScheduler.finishRuns); each
 * scheduler tick advances the pending runs stage by stage, saving the stage and a cursor, so a
 * restart resumes where it was and nothing is charged twice. Small runs finish within one tick; AI
 * prompts on many results take a few ticks. The run record gets each step's figures: enriched (and
 * its credits, added to credits_spent), AI processed, webhook and CRM sent / unsent, and why a step
 * could not run (`step_errors`). Enrichment that runs out of credits stops the autopilot (spec §4).
 */
export const ACTION_STAGES = ['enrich', 'ai', 'webhook', 'crm'] as const;
export type ActionStage = (typeof ACTION_STAGES)[number];

/** Why a step of a run could not do its work; translated by the screens (autopilot.runs.stepErrors.*). */
export type StepErrorCode =
  | 'enrichment_unavailable'
  | 'ai_unavailable'
  | 'ai_profile_incomplete'
  | 'ai_failed'
  | 'crm_not_connected'
  | 'webhook_missing'
  | 'webhook_failed';

/** AI chunks (of AI_STEP_ROWS results) a run may process per tick before letting others go. */
const AI_CHUNKS_PER_TICK = 5;
/** Pending runs advanced per tick. */
const RUNS_PER_TICK = 5;
/**
 * How long a process holds a run while it runs its steps, renewed after each AI chunk and each
 * stage: the run of a process that died is taken over by the first tick after it
 * (`AUTOPILOT_RUN_LEASE_SECONDS`, default 300).
 */
export const ACTIONS_LEASE_MS = secondsFromEnv('AUTOPILOT_RUN_LEASE_SECONDS', 300, 2, 3600) * 1000;

/** Keeps this process's hold on the run while its steps make their calls. */
async function holdRun(db: Queryable, clock: Clock, runId: number): Promise<void> {
  await db.query(`UPDATE autopilot_runs SET actions_lease_until = $2 WHERE id = $1 AND actions_state = 'pending'`, [
    runId,
    new Date(clock.now().getTime() + ACTIONS_LEASE_MS).toISOString(),
  ]);
}

export interface ActionSettings {
  type: 'basic' | 'webhook';
  enrichment: boolean;
  ai_prompts: string[];
  crm: string | null;
}

/** Whether a run has anything to do after its search. */
export function hasActions(a: ActionSettings): boolean {
  return a.enrichment || a.ai_prompts.length > 0 || Boolean(a.crm) || a.type === 'webhook';
}

function applies(stage: ActionStage, a: ActionSettings): boolean {
  switch (stage) {
    case 'enrich':
      return a.enrichment;
    case 'ai':
      return a.ai_prompts.length > 0;
    case 'webhook':
      return a.type === 'webhook';
    case 'crm':
      return Boolean(a.crm);
  }
}

/** The stage after `stage` (or the first one when null) that this run has, or null when all are done. */
export function nextStage(stage: ActionStage | null, a: ActionSettings): ActionStage | null {
  const from = stage === null ? 0 : ACTION_STAGES.indexOf(stage) + 1;
  return ACTION_STAGES.slice(from).find((s) => applies(s, a)) ?? null;
}

interface PendingRun extends ActionSettings {
  id: number;
  autopilot_id: number;
  job_id: number | null;
  user_id: number;
  campaign_id: number;
  campaign_name: string;
  list_type: SearchType;
  repeat: string;
  actions_stage: ActionStage | null;
  actions_cursor: number;
  /** How the search itself ended: a stopped search leaves a stopped run. */
  job_status: string | null;
}

type StageResult = 'next' | 'more' | 'no_credits';

/** Called when a run ends (autopilotScheduler's afterRun: stop on no credits, complete a one-time autopilot). */
export type AfterRun = (
  tx: Queryable,
  autopilotId: number,
  repeat: string,
  error: 'no_credits' | null,
  runId: number,
) => Promise<void>;

const addStepError = (db: Queryable, runId: number, step: string, code: StepErrorCode) =>
  db.query(`UPDATE autopilot_runs SET step_errors = step_errors || $2::jsonb WHERE id = $1`, [
    runId,
    JSON.stringify([{ step, code }]),
  ]);

/** The run's new results: those its search job added. */
const newResults = (run: PendingRun) => ({
  sql: 'r.campaign_id = $1 AND r.job_id = $2',
  params: [run.campaign_id, run.job_id ?? 0],
});

async function enrichStage(db: Db, run: PendingRun, mail?: MailDeps): Promise<StageResult> {
  const enrich = enrichmentFor(run.list_type);
  if (!enrich) {
    await addStepError(db, run.id, 'enrichment', 'enrichment_unavailable');
    return 'next';
  }
  // The vendor is asked with no transaction open; each chunk's charges (spec §9) are written with the run's figures.
  const outcome = await enrich.run(
    db,
    run.user_id,
    newResults(run),
    `${enrich.name}:list:${run.campaign_id}`,
    (tx, chunk) =>
      tx
        .query(
          'UPDATE autopilot_runs SET enriched = enriched + $2, enrich_credits = enrich_credits + $3, credits_spent = credits_spent + $3 WHERE id = $1',
          [run.id, chunk.found, chunk.credits],
        )
        .then(() => undefined),
    { mail },
  );
  return outcome.stopped ? 'no_credits' : 'next';
}

async function aiStage(db: Db, clock: Clock, run: PendingRun): Promise<StageResult> {
  // A run's AI step is a bulk action: none with a GPT-3.5-class model (spec §9).
  if (
    !(AI_ACTION_LIST_TYPES as readonly string[]).includes(run.list_type) ||
    !aiBulkActions(await platformAiModel(db))
  ) {
    await addStepError(db, run.id, 'ai', 'ai_unavailable');
    return 'next';
  }
  const promptIds = (await promptIdsForTypes(db, run.user_id, run.list_type, run.ai_prompts)).slice(0, AI_MAX_PROMPTS);
  let cursor = run.actions_cursor;
  for (let chunk = 0; chunk < AI_CHUNKS_PER_TICK; chunk += 1) {
    const ids = (
      await db.query<{ id: number }>(
        `SELECT r.id::int AS id FROM campaign_results r WHERE r.campaign_id = $1 AND r.job_id = $2 AND r.id > $3 AND r.email_status <> 'looking' ORDER BY r.id LIMIT ${AI_STEP_ROWS}`,
        [run.campaign_id, run.job_id ?? 0, cursor],
      )
    ).rows.map((r) => r.id);
    if (!ids.length) return 'next';
    try {
      // Each result's calls are recorded by key first: a result is never asked about twice for one run.
      const outcome = await runAiPrompts(db, aiProvider(), {
        userId: run.user_id,
        campaignId: run.campaign_id,
        resultIds: ids,
        promptIds,
        effectKey: (id) => `autopilot-ai:${run.id}:${id}`,
      });
      cursor = ids[ids.length - 1]!;
      await db.query(
        'UPDATE autopilot_runs SET ai_processed = ai_processed + $2, actions_cursor = GREATEST(actions_cursor, $3) WHERE id = $1',
        [run.id, outcome.processed, cursor],
      );
      await holdRun(db, clock, run.id);
    } catch (error) {
      // Spec §5: AI tools need a finished business profile; any other refusal ends the step too.
      const code: StepErrorCode =
        error instanceof ApiError && error.code === 'ai.profile_incomplete' ? 'ai_profile_incomplete' : 'ai_failed';
      await addStepError(db, run.id, 'ai', code);
      return 'next';
    }
    if (ids.length < AI_STEP_ROWS) return 'next';
  }
  return 'more';
}

async function webhookStage(db: Db, clock: Clock, run: PendingRun): Promise<StageResult> {
  const hook = (
    await db.query<{ webhook_url: string | null; webhook_secret: string | null }>(
      'SELECT webhook_url, webhook_secret FROM campaigns WHERE id = $1',
      [run.campaign_id],
    )
  ).rows[0];
  if (!hook?.webhook_url || !hook.webhook_secret) {
    await addStepError(db, run.id, 'webhook', 'webhook_missing');
    return 'next';
  }
  const ids = (
    await db.query<{ id: number }>(
      `SELECT r.id::int AS id FROM campaign_results r WHERE r.campaign_id = $1 AND r.job_id = $2 AND r.email_status <> 'looking' ORDER BY r.id`,
      [run.campaign_id, run.job_id ?? 0],
    )
  ).rows.map((r) => r.id);
  let failed = false;
  // One signed POST per WEBHOOK_MAX_ROWS results (a run adds at most 1000).
  for (let i = 0; i < ids.length; i += WEBHOOK_MAX_ROWS) {
    const chunk = ids.slice(i, i + WEBHOOK_MAX_ROWS);
    const { sent, unsent } = await sendToListWebhook(
      db,
      clock,
      { id: run.campaign_id, name: run.campaign_name, type: run.list_type },
      { url: hook.webhook_url, secret: hook.webhook_secret },
      { sql: 'r.campaign_id = $1 AND r.id = ANY($2::bigint[])', params: [run.campaign_id, `{${chunk.join(',')}}`] },
    );
    failed ||= unsent > 0;
    await db.query(
      'UPDATE autopilot_runs SET webhook_sent = webhook_sent + $2, webhook_unsent = webhook_unsent + $3 WHERE id = $1',
      [run.id, sent, unsent],
    );
  }
  if (failed) await addStepError(db, run.id, 'webhook', 'webhook_failed');
  return 'next';
}

async function crmStage(db: Db, clock: Clock, run: PendingRun): Promise<StageResult> {
  const provider = run.crm as CrmId;
  const accountId = await accountIdOf(db, run.user_id);
  if (!(await connectedCrms(db, accountId)).includes(provider)) {
    await addStepError(db, run.id, 'crm', 'crm_not_connected');
    return 'next';
  }
  // The CRM send is a background job (crmSend.ts); it adds its sent / unsent figures to this run as it goes.
  await db.transaction(async (tx) => {
    // One send per run, even when the stage runs again after a crash.
    const sent = (
      await tx.query<{ crm_job_id: number | null }>('SELECT crm_job_id FROM autopilot_runs WHERE id = $1 FOR UPDATE', [
        run.id,
      ])
    ).rows[0];
    if (sent?.crm_job_id) return;
    const job = await queueCrmSend(tx, {
      userId: run.user_id,
      accountId,
      campaignId: run.campaign_id,
      provider,
      where: newResults(run),
      autopilotRunId: run.id,
      now: clock.now(),
      queue: queueOf(db),
    });
    if (job) await tx.query('UPDATE autopilot_runs SET crm_job_id = $2 WHERE id = $1', [run.id, job.id]);
  });
  return 'next';
}

async function finish(
  db: Db,
  clock: Clock,
  run: PendingRun,
  error: 'no_credits' | null,
  afterRun: AfterRun,
): Promise<void> {
  await db.transaction(async (tx) => {
    const ended = await tx.query(
      `UPDATE autopilot_runs SET status = $2, finished_at = $3, error = COALESCE(error, $4), actions_state = 'done', actions_stage = NULL WHERE id = $1 AND actions_state = 'pending'`,
      [run.id, error || run.job_status === 'stopped' ? 'stopped' : 'done', clock.now().toISOString(), error],
    );
    // Another process finished it (its lease ran out meanwhile): what follows a run's end happened there.
    if (ended.rowCount === 0) return;
    await afterRun(tx, run.autopilot_id, run.repeat, error, run.id);
  });
}

/** Advances one run through its stages until it is done or a stage has more to do next tick. */
async function advance(db: Db, clock: Clock, run: PendingRun, afterRun: AfterRun, mail?: MailDeps): Promise<boolean> {
  let stage =
    run.actions_stage && applies(run.actions_stage, run) ? run.actions_stage : nextStage(run.actions_stage, run);
  let current = run;
  while (stage) {
    if (stage !== current.actions_stage) {
      await db.query('UPDATE autopilot_runs SET actions_stage = $2, actions_cursor = 0 WHERE id = $1', [run.id, stage]);
      current = { ...current, actions_stage: stage, actions_cursor: 0 };
    }
    const result =
      stage === 'enrich'
        ? await enrichStage(db, current, mail)
        : stage === 'ai'
          ? await aiStage(db, clock, current)
          : stage === 'webhook'
            ? await webhookStage(db, clock, current)
            : await crmStage(db, clock, current);
    if (result === 'more') return false;
    await holdRun(db, clock, run.id);
    if (result === 'no_credits') {
      await finish(db, clock, current, 'no_credits', afterRun);
      return true;
    }
    stage = nextStage(stage, current);
  }
  await finish(db, clock, current, null, afterRun);
  return true;
}

/**
 * Runs waiting for their post-search steps that no live process holds (those of a process that died
 * once its lease ran out), or the one given, if still waiting.
 */
async function pendingRuns(db: Db, which: { runId: number } | { now: Date }): Promise<PendingRun[]> {
  // An account whose licence has expired gets none of its runs' steps carried out (ADR 046): they wait for the renewal.
  const filter =
    'runId' in which
      ? ' AND r.id = $1'
      : ` AND (r.actions_lease_until IS NULL OR r.actions_lease_until < $1) AND ${licenseValidSql('a.user_id', '$1')}`;
  return (
    await db.query<PendingRun>(
      `SELECT r.id, r.autopilot_id, r.job_id, r.actions_stage, r.actions_cursor::int AS actions_cursor, j.status AS job_status,
              a.user_id, c.id AS campaign_id, a.type, a.repeat, a.enrichment, a.ai_prompts, a.crm, c.name AS campaign_name, c.list_type
         FROM autopilot_runs r JOIN autopilots a ON a.id = r.autopilot_id
         -- The list the run's search filled (the autopilot may have been moved to another list since).
         LEFT JOIN search_jobs j ON j.id = r.job_id
         JOIN campaigns c ON c.id = COALESCE(j.campaign_id, a.campaign_id)
        WHERE r.actions_state = 'pending'${filter} ORDER BY r.id LIMIT ${RUNS_PER_TICK}`,
      ['runId' in which ? which.runId : which.now.toISOString()],
    )
  ).rows;
}

/**
 * One pass over the runs waiting for their post-search steps (a few per tick). Returns the ids of
 * the runs that finished in this pass.
 */
export async function runPendingActions(db: Db, clock: Clock, afterRun: AfterRun, mail?: MailDeps): Promise<number[]> {
  const runs = await pendingRuns(db, { now: clock.now() });
  const finished: number[] = [];
  for (const run of runs) {
    // Held by this process while it runs the steps: another process's tick skips the run.
    const now = clock.now();
    const leased = await db.query(
      `UPDATE autopilot_runs SET actions_lease_until = $2 WHERE id = $1 AND actions_state = 'pending' AND (actions_lease_until IS NULL OR actions_lease_until < $3) RETURNING id`,
      [run.id, new Date(now.getTime() + ACTIONS_LEASE_MS).toISOString(), now.toISOString()],
    );
    if (!leased.rowCount) continue;
    try {
      // Read again under the lease: another process may have moved the run on since the list was read.
      const current = (await pendingRuns(db, { runId: run.id }))[0];
      if (current && (await advance(db, clock, current, afterRun, mail))) finished.push(run.id);
    } finally {
      await db.query('UPDATE autopilot_runs SET actions_lease_until = NULL WHERE id = $1', [run.id]);
    }
  }
  return finished;
}
