import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { adminAnalyticsRoutes } from './analytics.routes';
import { auditRoutes } from './audit.routes';
import { adminCourseRoutes } from './courses.routes';
import { adminDashboardRoutes } from './dashboard.routes';
import { seedAdminDemo } from './demoData.service';
import { adminPartnerRoutes } from './partners.routes';
import { adminPaymentRefundRoutes } from './paymentRefunds.routes';
import { adminPlanRoutes } from './plans.routes';
import { adminPromptRoutes } from './prompts.routes';
import { adminReportRoutes } from './reports.routes';
import { adminLeadSourceRoutes } from './leadSources.routes';
import { adminSearcherRoutes } from './searchers.routes';
import { adminTopicRoutes } from './topics.routes';
import { aiModelRoutes } from './aiModel.routes';
import { adminPersonErasureRoutes } from './personErasure.routes';
import { adminUserRoutes } from './users.routes';

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
