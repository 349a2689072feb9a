import type { Clock } from '../clock';
import type { Db } from '../db';
import { EFFECT_LEASE_SECONDS } from '../effects/externalEffects';
import type { MailDeps } from '../mail/templatedMail';
import { freshLeadSources } from '../providers/leads/sourceSettings';
import type { JobQueue } from '../queue/jobQueue';
import { AUTOPILOT_TICK_MS, autopilotTick } from '../modules/leadSearch/autopilotScheduler.service';
import { WORKFLOW_TICK_MS, workflowTick } from '../modules/leadSearch/workflowRunner.service';
import { savedSearchTick } from '../modules/leadSearch/savedSearchAlerts.service';

export const AUTOPILOT_TICK = 'autopilot-tick';
export const WORKFLOW_TICK = 'workflow-tick';
export const SAVED_SEARCH_TICK = 'saved-search-tick';

/**
 * The autopilot scheduler, the workflow runner and the saved-search alerts as queue ticks: one chain of each across all
 * worker processes (every LEAD_SEARCH_AUTOPILOT_TICK_MS / LEAD_SEARCH_WORKFLOW_TICK_MS), restarted
 * every minute by pg-boss's cron if a crash broke it (and, once the dead tick's job expires, by the
 * chain's next job). A tick claims due runs with SKIP LOCKED and
 * leases, so a second tick at the same moment (the cron's) changes nothing twice. Web processes
 * (and API tests, which call autopilotTick / workflowTick with their fake clock) run no tick.
 */
export function defineSchedulerTicks(queue: JobQueue, db: Db, clock: Clock, mail: MailDeps): void {
  // A tick of a process that died (kill -9) holds the chain's key until it expires: with the queue's
  // job expiry, the chain resumes as soon as other work of that process does (a long tick that
  // outlives it only lets the next tick start beside it: runs are leased, due autopilots locked).
  const tick = {
    policy: 'stately' as const,
    expireInSeconds: EFFECT_LEASE_SECONDS,
    retryLimit: 0,
    retryDelay: 0,
    concurrency: 1,
    cron: '* * * * *',
  };
  // Runs start searches and enrichment with the sources Admin → Searchers has now (freshLeadSources).
  queue.define(AUTOPILOT_TICK, { ...tick, everyMs: AUTOPILOT_TICK_MS }, async () => {
    await freshLeadSources();
    await autopilotTick(db, clock, mail);
  });
  queue.define(WORKFLOW_TICK, { ...tick, everyMs: WORKFLOW_TICK_MS }, async () => {
    await freshLeadSources();
    await workflowTick(db, clock, mail);
  });
  // Saved searches' alerts (a period claimed once across processes) and the end of their runs, at the autopilots' pace.
  queue.define(SAVED_SEARCH_TICK, { ...tick, everyMs: AUTOPILOT_TICK_MS }, async () => {
    await savedSearchTick(db, clock, mail);
  });
}
