import type { Clock } from '../../clock';
import { secondsFromEnv } from '../../effects/externalEffects';
import { queueOf } from '../../queue/jobQueue';
import type { Db, Queryable } from '../../db';
import { ApiError } from '../../http/errors';
import { aiProvider } from '../../providers/ai';
import { connectedCrms, type CrmId } from '../../providers/crm';
import { accountIdOf } from '../settings/account.repository';
import { AI_MAX_PROMPTS, AI_STEP_ROWS, runAiPrompts } from './aiActionJob.service';
import { queueCrmSend } from './crmSend.service';
import { enrichmentFor } from './enrichmentJob.service';
import { promptIdsForTypes } from './fineTunes.service';
import { AI_ACTION_LIST_TYPES } from './promptDefaults';
import { WEBHOOK_MAX_ROWS } from './listWebhookDelivery.service';
import { sendToListWebhook } from './webhooks.service';
import { listWithWebhook } from './webhooks.repository';
import { aiBulkActions } from '@leadsmith/shared/constants';
import { platformAiModel } from '../admin/aiModel.service';
import type { MailDeps } from '../../mail/templatedMail';
import {
  addRunAiProcessed,
  addRunEnriched,
  addRunStepError,
  addRunWebhook,
  endActionsRun,
  holdRunActions,
  leaseRunActions,
  lockRunCrmJob,
  pendingActionRuns,
  releaseRunActions,
  runResultIds,
  runResultIdsAfter,
  setRunCrmJob,
  setRunStage,
  type PendingRunRow,
} from './autopilots.repository';

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
  await holdRunActions(db, runId, new Date(clock.now().getTime() + ACTIONS_LEASE_MS));
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

type PendingRun = PendingRunRow & ActionSettings & { actions_stage: ActionStage | null };

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
  addRunStepError(db, runId, step, code);

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
    (tx, chunk) => addRunEnriched(tx, run.id, chunk.found, chunk.credits),
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
    const ids = await runResultIdsAfter(db, run.campaign_id, run.job_id ?? 0, cursor, AI_STEP_ROWS);
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
      await addRunAiProcessed(db, run.id, outcome.processed, cursor);
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
  const hook = await listWithWebhook(db, run.campaign_id);
  if (!hook?.webhook_url || !hook.webhook_secret) {
    await addStepError(db, run.id, 'webhook', 'webhook_missing');
    return 'next';
  }
  const ids = await runResultIds(db, run.campaign_id, run.job_id ?? 0);
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
    await addRunWebhook(db, run.id, sent, unsent);
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
  // The CRM send is a background job (crmSendJob.service.ts); it adds its sent / unsent figures to this run as it goes.
  await db.transaction(async (tx) => {
    // One send per run, even when the stage runs again after a crash.
    if (await lockRunCrmJob(tx, run.id)) return;
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
    if (job) await setRunCrmJob(tx, run.id, job.id);
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
    const ended = await endActionsRun(
      tx,
      run.id,
      error || run.job_status === 'stopped' ? 'stopped' : 'done',
      clock.now(),
      error,
    );
    // Another process finished it (its lease ran out meanwhile): what follows a run's end happened there.
    if (!ended) return;
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
      await setRunStage(db, run.id, stage);
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
  return (await pendingActionRuns(db, which, RUNS_PER_TICK)) as PendingRun[];
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
    if (!(await leaseRunActions(db, run.id, new Date(now.getTime() + ACTIONS_LEASE_MS), now))) continue;
    try {
      // Read again under the lease: another process may have moved the run on since the list was read.
      const current = (await pendingRuns(db, { runId: run.id }))[0];
      if (current && (await advance(db, clock, current, afterRun, mail))) finished.push(run.id);
    } finally {
      await releaseRunActions(db, run.id);
    }
  }
  return finished;
}
