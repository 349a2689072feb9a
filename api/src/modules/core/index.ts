import type { FastifyInstance } from 'fastify';
import type { MovableClock } from '../../clock';
import type { AppDeps } from '../../http/context';
import { metricsRoutes } from '../../ops/metricsRoute';
import { accountPromptRoutes } from './accountPrompts.routes';
import { appErrorRoutes } from './appErrors.routes';
import { authRoutes } from './auth.routes';
import { campaignTypeRoutes } from './campaignTypes.routes';
import { chatWidgetRoutes } from './chatWidget.routes';
import { clientConfigRoutes } from './clientConfig.routes';
import { devClockRoutes } from './devClock.routes';
import { devOutboxRoutes } from './devOutbox.routes';
import { healthRoutes } from './health.routes';
import { licenseRoutes } from './license.routes';
import { maintenanceRoutes } from './maintenance.routes';
import { meRoutes } from './me.routes';
import { remoteRegistryRoutes } from './remoteRegistry.routes';
import { siteSettingsRoutes } from './siteSettings.routes';
import { userLimitRoutes } from './userLimits.routes';

/**
 * The routes of no area (ADR 058): sign-in and the account, the branding, health, maintenance, the remote
 * registry… One `<feature>.routes.ts` per resource beside this one; register them here. Registered before the
 * areas' routes, in this order (the OpenAPI document lists paths in registration order).
 */
export function coreRoutes(api: FastifyInstance, deps: AppDeps): void {
  authRoutes(api, deps);
  meRoutes(api, deps);
  licenseRoutes(api, deps);
  accountPromptRoutes(api, deps);
  siteSettingsRoutes(api, deps);
  chatWidgetRoutes(api, deps);
  campaignTypeRoutes(api, deps);
  userLimitRoutes(api, deps);
  appErrorRoutes(api, deps);
  remoteRegistryRoutes(api, deps);
  healthRoutes(api, deps);
  metricsRoutes(api, deps);
  maintenanceRoutes(api, deps);
  clientConfigRoutes(api, deps);
}

/** The development-only routes, registered after every area's: the outbox (DEV_MAILBOX=1) and the test clock (TEST_CLOCK=1). */
export function coreDevRoutes(
  api: FastifyInstance,
  deps: AppDeps,
  options: { devMailbox: boolean; movable: MovableClock | null },
): void {
  if (options.devMailbox) devOutboxRoutes(api, deps);
  if (options.movable) devClockRoutes(api, deps, options.movable);
}
