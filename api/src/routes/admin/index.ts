import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { adminAnalyticsRoutes } from './analytics';
import { auditRoutes } from './audit';
import { adminCourseRoutes } from './courses';
import { adminDashboardRoutes } from './dashboard';
import { seedAdminDemo } from './demoData';
import { adminPartnerRoutes } from './partners';
import { adminPaymentRefundRoutes } from './paymentRefunds';
import { adminPlanRoutes } from './plans';
import { adminPromptRoutes } from './prompts';
import { adminReportRoutes } from './reports';
import { adminLeadSourceRoutes } from './leadSources';
import { adminSearcherRoutes } from './searchers';
import { adminTopicRoutes } from './topics';
import { aiModelRoutes } from './aiModel';
import { adminPersonErasureRoutes } from './personErasure';
import { adminUserRoutes } from './users';

/** Routes of the super-admin area (every route requires the admin module). One file per resource beside this one; register them here. */
export function adminRoutes(api: FastifyInstance, deps: AppDeps): void {
  auditRoutes(api, deps);
  adminUserRoutes(api, deps);
  adminPlanRoutes(api, deps);
  adminDashboardRoutes(api, deps);
  adminAnalyticsRoutes(api, deps);
  adminReportRoutes(api, deps);
  adminTopicRoutes(api, deps);
  aiModelRoutes(api, deps);
  adminPartnerRoutes(api, deps);
  adminPromptRoutes(api, deps);
  adminSearcherRoutes(api, deps);
  adminLeadSourceRoutes(api, deps);
  adminCourseRoutes(api, deps);
  adminPersonErasureRoutes(api, deps);
  adminPaymentRefundRoutes(api, deps);
  // Demo activity for the charts, beside the demo accounts, once the server listens (API tests arrange their own data).
  if (deps.config.seedDemo) {
    api.addHook('onListen', async () => {
      try {
        await seedAdminDemo(deps.db, deps.clock);
      } catch (error) {
        api.log.error({ err: error }, 'admin demo data could not be seeded');
      }
    });
  }
}
