import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { aiActionRoutes } from './aiActions';
import { autopilotRoutes } from './autopilots';
import { startAutopilotScheduler } from './autopilotScheduler';
import { campaignRoutes } from './campaigns';
import { crmSendRoutes } from './crmSend';
import { enrichmentRoutes } from './enrichment';
import { fineTuneRoutes } from './fineTunes';
import { intentRoutes } from './intent';
import { labelRoutes } from './labels';
import { resultRoutes } from './results';
import { searchRoutes } from './searches';
import { webhookRoutes } from './webhooks';
import { startWorkflowRunner } from './workflowRunner';
import { workflowRoutes } from './workflows';

/** Routes of the lead search area. One file per resource beside this one; register them here. */
export function leadSearchRoutes(api: FastifyInstance, deps: AppDeps): void {
  campaignRoutes(api, deps);
  searchRoutes(api, deps);
  resultRoutes(api, deps);
  enrichmentRoutes(api, deps);
  webhookRoutes(api, deps);
  crmSendRoutes(api, deps);
  intentRoutes(api, deps);
  labelRoutes(api, deps);
  autopilotRoutes(api, deps);
  fineTuneRoutes(api, deps);
  aiActionRoutes(api, deps);
  workflowRoutes(api, deps);


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

  // Workflow runs advance on a runner; LEAD_SEARCH_WORKFLOWS=manual leaves the ticks to the caller (API tests, injected clock).
  if (process.env.LEAD_SEARCH_WORKFLOWS !== 'manual') {
    let stopWorkflows: (() => void) | null = null;
    api.addHook('onReady', async () => {
      stopWorkflows = startWorkflowRunner(deps.db, deps.clock, (error) => api.log.error({ err: error }, 'workflow tick failed'));
    });
    api.addHook('onClose', async () => {
      stopWorkflows?.();
    });
  }

}
