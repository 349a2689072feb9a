import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { autopilotRoutes } from './autopilots';
import { startAutopilotScheduler } from './autopilotScheduler';
import { campaignRoutes } from './campaigns';
import { enrichmentRoutes } from './enrichment';
import { intentRoutes } from './intent';
import { labelRoutes } from './labels';
import { resultRoutes } from './results';
import { searchRoutes } from './searches';
import { startJobWorker } from './searchJobs';
import { webhookRoutes } from './webhooks';

/** Routes of the lead search area. One file per resource beside this one; register them here. */
export function leadSearchRoutes(api: FastifyInstance, deps: AppDeps): void {
  campaignRoutes(api, deps);
  searchRoutes(api, deps);
  resultRoutes(api, deps);
  enrichmentRoutes(api, deps);
  webhookRoutes(api, deps);
  intentRoutes(api, deps);
  labelRoutes(api, deps);
  autopilotRoutes(api, deps);

  // Autopilots run on a scheduler; LEAD_SEARCH_AUTOPILOT=manual leaves the ticks to the caller (API tests, injected clock).
  if (process.env.LEAD_SEARCH_AUTOPILOT !== 'manual') {
    let stopScheduler: (() => void) | null = null;
    api.addHook('onReady', async () => {
      stopScheduler = startAutopilotScheduler(deps.db, deps.clock, (error) => api.log.error({ err: error }, 'autopilot tick failed'));
    });
    api.addHook('onClose', async () => {
      stopScheduler?.();
    });
  }

  // Search jobs run in the background; LEAD_SEARCH_WORKER=manual leaves the steps to the caller (API tests).
  if (process.env.LEAD_SEARCH_WORKER !== 'manual') {
    let stop: (() => void) | null = null;
    api.addHook('onReady', async () => {
      stop = startJobWorker(deps.db, (error) => api.log.error({ err: error }, 'search job step failed'));
    });
    api.addHook('onClose', async () => {
      stop?.();
    });
  }
}
