import type { WorkflowRunError } from '@leadsmith/shared/constants';
import type { Clock } from '../../clock';
import { queueOf } from '../../queue/jobQueue';
import type { Db, Queryable } from '../../db';
import type { Language } from '../../i18n/messages';
import { sendsLegacyHeaders } from '../../net/signedPost';
import { claimEffects, secondsFromEnv, settleEffects } from '../../effects/externalEffects';
import { aiProvider, registerEmbeddedTemplate } from '../../providers/ai';
import type { SearchType } from '../../providers/leads';
import { nextRunAfter } from '../../schedule/recurrence';
import { profileCompleted, profileVariables } from '../ai/common';
import { loadProfile } from '../ai/profile.repository';
import { accountIdOf } from '../settings/account.repository';
import { FIRST_RUN_DELAY_MS } from './autopilotScheduler.service';
import { startSearch } from './startSearch.service';
import { enrichmentFor } from './enrichmentJob.service';
import { giveBackEffects } from './enrichment.repository';
import { userLang } from './aiActions.repository';
import { applyLabels } from './resultLabels.repository';
import { suppressedAmong, suppressionDetail } from './suppressions.repository';
import { postWebhookDelivery, WEBHOOK_MAX_ROWS } from './listWebhookDelivery.service';
import {
  MAX_ITEMS,
  topologicalOrder,
  type FilterCondition,
  type WorkflowEdge,
  type WorkflowNode,
} from './workflowNodes.service';
import {
  addRunOutput,
  advanceableRunIds,
  anyEffectSending,
  claimDueWorkflows,
  doneEffectCount,
  effectState,
  findRun,
  holdWorkflowRun,
  insertRunNode,
  insertWorkflowRun,
  latestListResultIds,
  leaseWorkflowRun,
  listHook,
  lockSearchList,
  markNodeDone,
  markNodeFailed,
  markNodeRunning,
  markRunDone,
  markRunFailed,
  markSearchNodeRunning,
  markWorkflowSending,
  markWorkflowSuppressed,
  nextNodeLog,
  ownedLabelName,
  ownsList,
  releaseWorkflowRun,
  searchJobOutcome,
  searchJobResultIds,
  setWorkflowNextRun,
  settleWorkflowSent,
  skipPendingNodes,
  storeWorkflowTexts,
  workflowResultRows,
  type NodeLogRow,
  type ResultRow,
  type RunRow,
} from './workflows.repository';
import type { MailDeps } from '../../mail/templatedMail';

/** How often the runner starts due scheduled runs and advances running ones. */
export const WORKFLOW_TICK_MS = Number(process.env.LEAD_SEARCH_WORKFLOW_TICK_MS ?? 1_000);
/**
 * A runner advancing a run holds it this long at most, renewed after each external call of a node
 * (another process may take it over after a crash): `WORKFLOW_RUN_LEASE_SECONDS`, default 300.
 */
export const RUN_LEASE_MS = secondsFromEnv('WORKFLOW_RUN_LEASE_SECONDS', 300, 2, 3600) * 1000;
/** Most runs advanced / scheduled runs started per tick. */
export const WORKFLOW_BATCH = 10;

/** Why a run stopped (shared's WORKFLOW_RUN_ERRORS: the builder translates each). */
export type RunErrorCode = WorkflowRunError;

export class NodeError extends Error {
  constructor(
    readonly code: RunErrorCode,
    readonly credits = 0,
    readonly detail: Record<string, unknown> = {},
  ) {
    super(code);
    this.name = 'NodeError';
  }
}

/** Part of a node's external work is in flight in another process: the node is left as it is and the next tick looks again. */
class NodeBusy extends Error {
  constructor() {
    super('node busy in another process');
    this.name = 'NodeBusy';
  }
}

/** Keeps the run's lease while a node makes its calls (a long AI or webhook node outlives RUN_LEASE_MS otherwise). */
async function holdRun(db: Queryable, runId: number, clock: Clock): Promise<void> {
  await holdWorkflowRun(db, runId, new Date(clock.now().getTime() + RUN_LEASE_MS));
}

interface Outcome {
  ids: number[];
  credits?: number;
  detail?: Record<string, unknown>;
}

const idArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

// ---------------------------------------------------------------------------------------------
// Starting runs
// ---------------------------------------------------------------------------------------------

/**
 * Creates a run of a workflow (graph snapshot + one pending log row per node in execution order), in the
 * caller's transaction. The runner (tick) then advances it. Returns null when the graph cannot run (cycle).
 */
export async function createRun(
  tx: Queryable,
  workflow: { id: number; user_id: number; nodes: WorkflowNode[]; edges: WorkflowEdge[] },
  trigger: 'manual' | 'schedule',
  now: Date,
  scheduledFor: Date | null = null,
): Promise<number | null> {
  const order = topologicalOrder(workflow.nodes, workflow.edges);
  if (!order) return null;
  const runId = await insertWorkflowRun(tx, workflow, trigger, now, scheduledFor);
  if (runId === null) return null;
  for (const [position, nodeId] of order.entries()) {
    const node = workflow.nodes.find((n) => n.id === nodeId)!;
    await insertRunNode(tx, runId, node, position);
  }
  return runId;
}

/**
 * Claims the due scheduled workflows (as the autopilot scheduler does): the due rows are locked (SKIP LOCKED),
 * next_run_at moves to the first slot after now (api/src/schedule, in the workflow's time zone) and the run row is
 * inserted in the same transaction; UNIQUE (workflow_id, scheduled_for)
 * backs it up, so a slot never runs twice and a restart picks up exactly what is due. A workflow whose previous
 * run is still going skips the slot.
 */
export async function startDueWorkflowRuns(db: Db, now: Date): Promise<number[]> {
  return db.transaction(async (tx) => {
    const claimed = await claimDueWorkflows(tx, now, WORKFLOW_BATCH);
    const runs: number[] = [];
    for (const row of claimed) {
      const slot = new Date(row.scheduled_for);
      const next = row.repeat
        ? nextRunAfter(
            { repeat: row.repeat, anchor: new Date(row.schedule_anchor ?? slot), timeZone: row.time_zone },
            now,
          )
        : null;
      await setWorkflowNextRun(tx, row.id, next);
      if (row.busy) continue;
      const runId = await createRun(tx, row, 'schedule', now, new Date(row.scheduled_for));
      if (runId) runs.push(runId);
    }
    return runs;
  });
}

/** When a scheduled trigger first runs after publishing (spec §4 autopilot rule: shortly after). */
export const firstScheduledRun = (now: Date) => new Date(now.getTime() + FIRST_RUN_DELAY_MS);

// ---------------------------------------------------------------------------------------------
// Advancing runs
// ---------------------------------------------------------------------------------------------

/** The union of the predecessors' outputs (in order, without duplicates, at most MAX_ITEMS). */
function inputOf(run: RunRow, nodeId: string): number[] {
  const out = new Set<number>();
  for (const edge of run.graph.edges) {
    if (edge.target !== nodeId) continue;
    for (const id of run.outputs[edge.source] ?? []) {
      if (out.size >= MAX_ITEMS) break;
      out.add(id);
    }
  }
  return [...out];
}

/**
 * Marks the node done with its output, in the caller's transaction. Only a node still pending or
 * running is finished: a second process that ran the same node (its lease ran out meanwhile) adds
 * nothing to the run's outputs or credits.
 */
async function finishNode(
  tx: Queryable,
  run: RunRow,
  log: NodeLogRow,
  input: number[],
  outcome: Outcome,
  now: Date,
): Promise<void> {
  const ids = outcome.ids.slice(0, MAX_ITEMS);
  const finished = await markNodeDone(tx, log.id, {
    itemsIn: input.length,
    itemsOut: ids.length,
    credits: outcome.credits ?? 0,
    detail: outcome.detail ?? {},
    now,
  });
  if (!finished) return;
  await addRunOutput(tx, run.id, log.node_id, ids, outcome.credits ?? 0);
}

/** A node failed: the run stops there with the error; the nodes after it are skipped. */
async function failNode(
  tx: Queryable,
  run: RunRow,
  log: NodeLogRow,
  input: number[],
  error: NodeError,
  now: Date,
): Promise<void> {
  const failed = await markNodeFailed(tx, log.id, {
    itemsIn: input.length,
    credits: error.credits,
    detail: error.detail,
    code: error.code,
    now,
  });
  if (!failed) return;
  await skipPendingNodes(tx, run.id);
  await markRunFailed(tx, run.id, { code: error.code, nodeId: log.node_id, credits: error.credits, now });
}

/** Every node is done: the run's output is what its last nodes (those without a next node) produced. */
async function finishRun(db: Db, run: RunRow, now: Date): Promise<void> {
  const sinks = run.graph.nodes.filter((n) => !run.graph.edges.some((e) => e.source === n.id));
  const out = new Set<number>();
  for (const sink of sinks) for (const id of run.outputs[sink.id] ?? []) out.add(id);
  await markRunDone(db, run.id, out.size, now);
}

const loadRun = (db: Queryable, runId: number) => findRun(db, runId);

/**
 * Advances one run as far as it can go now: node after node in execution order, each node's work and its log
 * entry committed together (so a crash re-does at most the node that was running, and a run left "running"
 * by a crash is simply resumed by the next tick). A search node starts a search job and waits for part 1's
 * worker to fill it. Returns the run's state afterwards.
 */
export async function advanceRun(
  db: Db,
  runId: number,
  clock: Clock,
  mail?: MailDeps,
): Promise<'waiting' | 'done' | 'failed' | 'missing' | 'busy'> {
  const leased = await leaseWorkflowRun(db, runId, new Date(clock.now().getTime() + RUN_LEASE_MS), clock.now());
  if (!leased) {
    const run = await loadRun(db, runId);
    return !run ? 'missing' : run.status === 'running' ? 'busy' : run.status;
  }
  try {
    for (let step = 0; step <= 100; step += 1) {
      const run = await loadRun(db, runId);
      if (!run) return 'missing';
      if (run.status !== 'running') return run.status;
      const log = await nextNodeLog(db, run.id);
      if (!log) {
        await finishRun(db, run, clock.now());
        return 'done';
      }
      const node = run.graph.nodes.find((n) => n.id === log.node_id);
      const input = inputOf(run, log.node_id);
      try {
        if (!node) throw new NodeError('node_failed');
        if (log.status === 'pending' && node.kind !== 'search') {
          await markNodeRunning(db, log.id, clock.now());
        }
        const waiting = await runNode(db, run, node, log, input, clock, mail);
        if (waiting) return 'waiting';
      } catch (error) {
        if (error instanceof NodeBusy) return 'busy';
        const nodeError =
          error instanceof NodeError
            ? error
            : new NodeError('node_failed', 0, { message: String((error as Error)?.message ?? error).slice(0, 300) });
        await db.transaction((tx) => failNode(tx, run, log, input, nodeError, clock.now()));
        return 'failed';
      }
    }
    return 'waiting';
  } finally {
    await releaseWorkflowRun(db, runId);
  }
}

/** Runs one node; true when it is waiting (a search job still filling its list). */
async function runNode(
  db: Db,
  run: RunRow,
  node: WorkflowNode,
  log: NodeLogRow,
  input: number[],
  clock: Clock,
  mail?: MailDeps,
): Promise<boolean> {
  const now = () => clock.now();
  const s = node.settings;
  switch (node.kind) {
    case 'trigger': {
      let ids: number[] = [];
      if (s.source_campaign_id) {
        if (!(await ownsList(db, run.user_id, s.source_campaign_id))) throw new NodeError('list_missing');
        ids = await latestListResultIds(
          db,
          run.user_id,
          s.source_campaign_id,
          Math.min(s.source_limit ?? 100, MAX_ITEMS),
        );
      }
      await db.transaction((tx) =>
        finishNode(
          tx,
          run,
          log,
          input,
          { ids, detail: s.source_campaign_id ? { campaign_id: s.source_campaign_id } : {} },
          now(),
        ),
      );
      return false;
    }
    case 'search':
      return searchNode(db, run, node, log, input, clock);
    case 'filter': {
      const rows = await loadRows(db, run.user_id, input);
      const conditions = s.conditions ?? [];
      const keep = rows
        .filter((row) =>
          s.match === 'any' ? conditions.some((c) => matches(row, c)) : conditions.every((c) => matches(row, c)),
        )
        .map((r) => r.id);
      await db.transaction((tx) =>
        finishNode(tx, run, log, input, { ids: keep, detail: { dropped: input.length - keep.length } }, now()),
      );
      return false;
    }
    case 'research':
    case 'content':
      await aiNode(db, run, node, log, input, clock);
      return false;
    case 'enrichment':
      await enrichmentNode(db, run, node, log, input, clock, mail);
      return false;
    case 'label': {
      const labelName = await ownedLabelName(db, run.user_id, s.label_id ?? null);
      if (labelName === undefined) throw new NodeError('label_missing');
      const label = { name: labelName };
      await db.transaction(async (tx) => {
        const selection = { sql: 'r.id = ANY($1::bigint[]) AND r.user_id = $2', params: [idArray(input), run.user_id] };
        const updated =
          s.label_action === 'remove'
            ? await applyLabels(tx, selection, [], [label.name])
            : await applyLabels(tx, selection, [label.name], []);
        await finishNode(tx, run, log, input, { ids: input, detail: { label: label.name, updated } }, now());
      });
      return false;
    }
    case 'connection':
      await connectionNode(db, run, log, input, node.settings.only_with_email === true, clock);
      return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Search: a job through part 1's machinery (search-limit reservation, credit check, the worker charges)
// ---------------------------------------------------------------------------------------------

async function searchNode(
  db: Db,
  run: RunRow,
  node: WorkflowNode,
  log: NodeLogRow,
  input: number[],
  clock: Clock,
): Promise<boolean> {
  const s = node.settings;
  if (log.status === 'pending') {
    await db.transaction(async (tx) => {
      const campaign = await lockSearchList(tx, run.user_id, s.campaign_id ?? null);
      if (!campaign) throw new NodeError('list_missing');
      // Same rules as POST /api/searches (startSearch.ts): the job gives back what it does not produce.
      const requested = Math.min(s.count ?? 20, MAX_ITEMS);
      const started = await startSearch(
        tx,
        queueOf(db),
        {
          userId: run.user_id,
          campaign,
          location: (s.location ?? '').trim(),
          filters: s.filters ?? {},
          count: { exactly: requested },
        },
        clock.now(),
      );
      if (!('jobId' in started)) throw new NodeError(started.refused);
      const { jobId, count } = started;
      await markSearchNodeRunning(tx, log.id, {
        jobId,
        now: clock.now(),
        itemsIn: input.length,
        detail: { job_id: jobId, campaign_id: campaign.id, requested: count },
      });
    });
    return true;
  }
  const job = log.job_id ? await searchJobOutcome(db, run.user_id, log.job_id) : undefined;
  if (!job) throw new NodeError('list_missing');
  if (job.status === 'running') return true;
  const detail = { job_id: log.job_id, campaign_id: job.campaign_id, produced: job.produced, found: job.found };
  if (job.stop_reason === 'no_credits') throw new NodeError('no_credits', job.credits_charged, detail);
  const ids = await searchJobResultIds(db, run.user_id, log.job_id!, MAX_ITEMS);
  await db.transaction((tx) =>
    finishNode(tx, run, log, input, { ids, credits: job.credits_charged, detail }, clock.now()),
  );
  return false;
}

// ---------------------------------------------------------------------------------------------
// Filter
// ---------------------------------------------------------------------------------------------

const loadRows = (db: Queryable, userId: number, ids: number[]): Promise<ResultRow[]> =>
  workflowResultRows(db, userId, ids);

/** One filter condition on one result (text comparisons ignore case). */
export function matches(
  row: Pick<
    ResultRow,
    'name' | 'company' | 'job_title' | 'city' | 'website' | 'email' | 'phone' | 'email_status' | 'labels'
  >,
  c: FilterCondition,
): boolean {
  const want = (c.value ?? '').trim().toLowerCase();
  const negate = c.operator === 'is_not' || c.operator === 'not_contains';
  let hit: boolean;
  switch (c.field) {
    case 'has_email':
    case 'has_phone': {
      const has = Boolean(c.field === 'has_email' ? row.email : row.phone);
      hit = has === (want !== 'false');
      break;
    }
    case 'email_status':
      hit = row.email_status === want;
      break;
    case 'label': {
      const labels = row.labels.map((l) => l.toLowerCase());
      hit =
        c.operator === 'contains' || c.operator === 'not_contains'
          ? labels.some((l) => l.includes(want))
          : labels.includes(want);
      break;
    }
    default: {
      const value = (row[c.field] ?? '').toLowerCase();
      hit = c.operator === 'contains' || c.operator === 'not_contains' ? value.includes(want) : value === want;
    }
  }
  return negate ? !hit : hit;
}

// ---------------------------------------------------------------------------------------------
// Research and content: text per result from the AI provider, stored in campaign_results.data.workflow
// ---------------------------------------------------------------------------------------------

const CONTENT_PROMPTS: Record<string, string> = {
  first_line:
    'Write a one-sentence personalised opening line for a cold email from {business_name} to {name} ({job_title}) at {company}.',
  subject: 'Write a short email subject line from {business_name} to {name} at {company}.',
  email:
    'Write a short cold email from {business_name} ({products_services}) to {name} ({job_title}) at {company} in {city}.',
  summary:
    'Summarise in two sentences who {name} ({job_title}) at {company} is and why {business_name} could help them.',
};

const first = (name: string) => name.split(/\s+/)[0] || name;
const GREETING: Record<Language, string> = { en: 'Hi', es: 'Hola', fr: 'Bonjour', de: 'Hallo' };

// The embedded engine's answers (deterministic, from the lead's fields and the business profile).
registerEmbeddedTemplate('workflow_research', (v) => {
  const who = v.job_title
    ? `${v.name} works as ${v.job_title}${v.company ? ` at ${v.company}` : ''}`
    : `${v.name}${v.company ? ` (${v.company})` : ''}`;
  const where = v.city ? ` in ${v.city}` : '';
  const site = v.website ? ` Website: ${v.website}.` : '';
  return `${who}${where}.${site} Relevance to ${v.business_name || 'us'}: ${v.target_audience ? `fits the audience "${v.target_audience}"` : 'a potential customer'}.`;
});
registerEmbeddedTemplate('workflow_content', (v, lang, request) => {
  const hello = `${GREETING[lang] ?? GREETING.en} ${first(v.name ?? '')}`;
  const offer = v.products_services || v.business_name;
  switch (request.variables?.content_type) {
    case 'subject':
      return `${v.business_name} × ${v.company || v.name}: ${offer}`;
    case 'email':
      return `${hello},\n\n${v.company ? `I came across ${v.company}${v.city ? ` in ${v.city}` : ''}. ` : ''}${v.business_name} helps ${v.target_audience || 'teams like yours'} with ${offer}.\n\n${v.business_name}`;
    case 'summary':
      return `${v.name}${v.job_title ? `, ${v.job_title}` : ''}${v.company ? ` at ${v.company}` : ''}: ${v.business_name} can help with ${offer}.`;
    default:
      return `${hello}, ${v.company ? `I noticed ${v.company}${v.city ? ` in ${v.city}` : ''} and ` : ''}thought ${v.business_name}'s ${offer} could help.`;
  }
});

/** Results asked about between two writes of an AI node. */
const AI_NODE_CHUNK = 10;

/**
 * Research / content: one AI call per result, each recorded in external_effects
 * (`workflow-ai:<run>:<node>:<result>`, kind ai_call) before it is made, with no transaction open,
 * and settled in the transaction that stores its text (chunks of AI_NODE_CHUNK). Run again (a retry
 * after a crash, a second process whose lease ran out), the node asks only about results whose call
 * is not done; a call in flight in another process makes the node wait for it (`NodeBusy`).
 */
async function aiNode(
  db: Db,
  run: RunRow,
  node: WorkflowNode,
  log: NodeLogRow,
  input: number[],
  clock: Clock,
): Promise<void> {
  const profile = await loadProfile(db, await accountIdOf(db, run.user_id));
  // Spec §5: AI tools need a completed business profile.
  if (!profile || !profileCompleted(profile)) throw new NodeError('profile_incomplete');
  const lang = ((await userLang(db, run.user_id)) ?? 'en') as Language;
  const rows = await loadRows(db, run.user_id, input);
  const s = node.settings;
  const key = s.output_key || node.kind;
  const keyOf = (rowId: number) => `workflow-ai:${run.id}:${log.node_id}:${rowId}`;
  let busy = false;
  for (let i = 0; i < rows.length; i += AI_NODE_CHUNK) {
    const chunk = rows.slice(i, i + AI_NODE_CHUNK);
    const claimed = await claimEffects(
      db,
      'ai_call',
      chunk.map((r) => keyOf(r.id)),
    );
    const mine = chunk.filter((r) => claimed.has(keyOf(r.id)));
    if (mine.length < chunk.length) {
      const inFlight = await anyEffectSending(
        db,
        chunk.filter((r) => !claimed.has(keyOf(r.id))).map((r) => keyOf(r.id)),
      );
      busy ||= inFlight;
    }
    const texts: { id: number; text: string }[] = [];
    let failed = false;
    // The provider is called outside any transaction (a real model may take seconds per result).
    for (const row of mine) {
      const variables: Record<string, string> = {
        ...profileVariables(profile),
        name: row.name,
        company: row.company ?? '',
        job_title: row.job_title ?? '',
        website: row.website ?? '',
        city: row.city ?? '',
        email: row.email ?? '',
        content_type: s.content_type ?? '',
      };
      const prompt =
        node.kind === 'research'
          ? (s.prompt ?? '')
          : [CONTENT_PROMPTS[s.content_type ?? 'first_line'], s.prompt].filter(Boolean).join('\n');
      try {
        const answer = await aiProvider().generate({
          task: node.kind === 'research' ? 'workflow_research' : 'workflow_content',
          prompt,
          variables,
          maxTokens: 300,
          language: lang,
        });
        texts.push({ id: row.id, text: answer.text.slice(0, 4000) });
        await holdRun(db, run.id, clock);
      } catch {
        failed = true;
        break;
      }
    }
    await db.transaction(async (tx) => {
      if (texts.length) {
        await storeWorkflowTexts(tx, run.user_id, key, texts);
        await settleEffects(
          tx,
          texts.map((t) => ({ key: keyOf(t.id), ok: true })),
        );
      }
      // Calls that were not made are given back: a later run of the node makes them.
      const unanswered = mine.slice(texts.length).map((r) => keyOf(r.id));
      if (unanswered.length) await giveBackEffects(tx, unanswered);
    });
    if (failed)
      throw new NodeError('ai_failed', 0, {
        done: await doneCount(
          db,
          rows.map((r) => keyOf(r.id)),
        ),
      });
    await holdRun(db, run.id, clock);
  }
  if (busy) throw new NodeBusy();
  const written = await doneCount(
    db,
    rows.map((r) => keyOf(r.id)),
  );
  await db.transaction((tx) => finishNode(tx, run, log, input, { ids: input, detail: { key, written } }, clock.now()));
}

async function doneCount(db: Queryable, keys: string[]): Promise<number> {
  if (!keys.length) return 0;
  return doneEffectCount(db, keys);
}

// ---------------------------------------------------------------------------------------------
// Enrichment: the toolbar actions' providers and spec §9 costs, charged in the transaction that stores them
// ---------------------------------------------------------------------------------------------

const ENRICH_TYPES: Record<string, readonly SearchType[]> = {
  get_phones: ['people', 'group'],
  get_employees: ['local', 'company', 'domain'],
  enrich_influencer: ['influencer'],
};

async function enrichmentNode(
  db: Db,
  run: RunRow,
  node: WorkflowNode,
  log: NodeLogRow,
  input: number[],
  clock: Clock,
  mail?: MailDeps,
): Promise<void> {
  const action = node.settings.enrich ?? 'get_phones';
  const rows = (await loadRows(db, run.user_id, input)).filter((r) => r.email_status !== 'looking');
  const fits = rows.filter((r) => ENRICH_TYPES[action]!.includes(r.list_type));
  let credits = 0;
  let found = 0;
  let out = false;
  // Per list type, through the toolbar's enrichment: the vendor is asked with no transaction open and
  // each chunk's charges are committed with what they paid for; rows already enriched are skipped, so
  // a node run again after a crash charges nothing twice.
  for (const type of ENRICH_TYPES[action]!) {
    const ids = fits.filter((r) => r.list_type === type).map((r) => r.id);
    const enrichment = enrichmentFor(type);
    if (!ids.length || !enrichment || out) continue;
    const where = { sql: 'r.id = ANY($1::bigint[]) AND r.user_id = $2', params: [idArray(ids), run.user_id] };
    const outcome = await enrichment.run(
      db,
      run.user_id,
      where,
      `workflow:${run.workflow_id}:${enrichment.name}`,
      undefined,
      { mail },
    );
    credits += outcome.credits;
    found += outcome.found;
    out = outcome.stopped;
  }
  const detail = { action, checked: fits.length, found, skipped: rows.length - fits.length };
  await db.transaction(async (tx) => {
    // Out of credits: what was paid for stays (committed with its charge); the run stops here.
    if (out) await failNode(tx, run, log, input, new NodeError('no_credits', credits, detail), clock.now());
    else await finishNode(tx, run, log, input, { ids: input, credits, detail }, clock.now());
  });
}

// ---------------------------------------------------------------------------------------------
// Connection: the list's webhook (signed, SSRF-guarded, as POST /api/{type}-results/{id}/send-webhook)
// ---------------------------------------------------------------------------------------------

async function connectionNode(
  db: Db,
  run: RunRow,
  log: NodeLogRow,
  input: number[],
  onlyWithEmail: boolean,
  clock: Clock,
): Promise<void> {
  const candidates = (await loadRows(db, run.user_id, input)).filter(
    (r) => r.email_status !== 'looking' && (!onlyWithEmail || r.email),
  );
  // Rows on the do-not-contact list are refused with the reason and never posted.
  const suppressed = await suppressedAmong(
    db,
    candidates.map((r) => r.id),
  );
  for (const by of new Set(suppressed.values())) {
    const refusedIds = [...suppressed].filter(([, b]) => b === by).map(([id]) => id);
    await markWorkflowSuppressed(db, run.user_id, refusedIds, suppressionDetail(by));
  }
  const rows = candidates.filter((r) => !suppressed.has(r.id));
  const byList = new Map<number, ResultRow[]>();
  for (const row of rows) byList.set(row.campaign_id, [...(byList.get(row.campaign_id) ?? []), row]);
  const hooks = new Map<number, { name: string; list_type: string; webhook_url: string; webhook_secret: string }>();
  for (const campaignId of byList.keys()) {
    const hook = await listHook(db, run.user_id, campaignId);
    // Spec §8: "selected list has no webhook, set it up".
    if (!hook?.webhook_url || !hook.webhook_secret)
      throw new NodeError('webhook_missing', 0, { campaign_id: campaignId });
    hooks.set(campaignId, { ...hook, webhook_url: hook.webhook_url, webhook_secret: hook.webhook_secret });
  }
  const delivered: number[] = [];
  let unsent = suppressed.size;
  let busy = false;
  for (const [campaignId, listRows] of byList) {
    const hook = hooks.get(campaignId)!;
    for (let i = 0; i < listRows.length; i += WEBHOOK_MAX_ROWS) {
      const batch = listRows.slice(i, i + WEBHOOK_MAX_ROWS);
      const ids = batch.map((r) => r.id);
      // One delivery per batch, named by the run, node, list and batch: recorded before the POST, settled with the rows' status.
      const deliveryId = `workflow-webhook:${run.id}:${log.node_id}:${campaignId}:${i}`;
      if (!(await claimEffects(db, 'webhook', [deliveryId])).size) {
        const prior = await effectState(db, deliveryId);
        // Sent by an earlier run of this node (its outcome is on the rows), or being sent by another process.
        if (!prior || prior === 'sending') busy = true;
        else if (prior === 'done') delivered.push(...batch.map((r) => r.id));
        else unsent += batch.length;
        continue;
      }
      await markWorkflowSending(db, run.user_id, ids);
      const results = batch.map(
        ({ id, name, company, job_title, email, email_status, phone, website, city, data, labels }) => ({
          id,
          name,
          company,
          job_title,
          email,
          email_status,
          phone,
          website,
          city,
          labels,
          data,
        }),
      );
      const body = JSON.stringify({
        event: 'leads.sent',
        delivery_id: deliveryId,
        source: { workflow_id: run.workflow_id, run_id: run.id },
        list: { id: campaignId, name: hook.name, type: hook.list_type },
        results,
      });
      // The list toolbar's signed, SSRF-guarded POST (checked again at send time, pinned to the checked address).
      const { delivered: ok } = await postWebhookDelivery(
        clock,
        { url: hook.webhook_url, secret: hook.webhook_secret },
        deliveryId,
        body,
        () => sendsLegacyHeaders(db, run.user_id),
      );
      await db.transaction(async (tx) => {
        await settleWorkflowSent(tx, run.user_id, ids, ok);
        await settleEffects(tx, [{ key: deliveryId, ok }]);
      });
      await holdRun(db, run.id, clock);
      if (ok) delivered.push(...batch.map((r) => r.id));
      else unsent += batch.length;
    }
  }
  if (busy) throw new NodeBusy();
  const detail = { sent: delivered.length, unsent };
  if (rows.length > 0 && delivered.length === 0) throw new NodeError('webhook_failed', 0, detail);
  await db.transaction((tx) => finishNode(tx, run, log, input, { ids: delivered, detail }, clock.now()));
}

// ---------------------------------------------------------------------------------------------
// The background runner
// ---------------------------------------------------------------------------------------------

/**
 * One pass: start the due scheduled runs, then advance every running run (a crash's leftovers included).
 * An account whose licence has expired starts and advances nothing: its runs wait for the renewal (ADR 046).
 */
export async function workflowTick(
  db: Db,
  clock: Clock,
  mail?: MailDeps,
): Promise<{ started: number[]; advanced: number[] }> {
  const started = await startDueWorkflowRuns(db, clock.now());
  const running = await advanceableRunIds(db, clock.now(), WORKFLOW_BATCH);
  for (const id of running) await advanceRun(db, id, clock, mail);
  return { started, advanced: running };
}
