import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { aiActionRoutes } from './aiActions';
import { autopilotRoutes } from './autopilots';
import { campaignRoutes } from './campaigns';
import { listHistoryRoutes } from './listHistory';
import { listOperationRoutes } from './listOperations';
import { listViewRoutes } from './listViews';
import { crmSendRoutes } from './crmSend';
import { emailGradeRoutes } from './emailGrades';
import { enrichmentRoutes } from './enrichment';
import { fineTuneRoutes } from './fineTunes';
import { googleApiKeyRoutes } from './googleApiKey';
import { intentRoutes } from './intent';
import { labelRoutes } from './labels';
import { phoneRevealRoutes } from './phoneReveals';
import { resultRoutes } from './results';
import { savedSearchRoutes } from './savedSearches';
import { listExportRoutes } from './listExports';
import { searchRoutes } from './searches';
import { suppressionRoutes } from './suppressions';
import { webhookRoutes } from './webhooks';
import { workflowRoutes } from './workflows';

/** Routes of the lead search area. One file per resource beside this one; register them here. */
export function leadSearchRoutes(api: FastifyInstance, deps: AppDeps): void {
  campaignRoutes(api, deps);
  listHistoryRoutes(api, deps);
  listOperationRoutes(api, deps);
  listViewRoutes(api, deps);
  searchRoutes(api, deps);
  resultRoutes(api, deps);
  enrichmentRoutes(api, deps);
  phoneRevealRoutes(api, deps);
  googleApiKeyRoutes(api, deps);
  webhookRoutes(api, deps);
  crmSendRoutes(api, deps);
  intentRoutes(api, deps);
  labelRoutes(api, deps);
  autopilotRoutes(api, deps);
  fineTuneRoutes(api, deps);
  aiActionRoutes(api, deps);
  workflowRoutes(api, deps);
  savedSearchRoutes(api, deps);
  listExportRoutes(api, deps);
  suppressionRoutes(api, deps);
  emailGradeRoutes(api, deps);
}
