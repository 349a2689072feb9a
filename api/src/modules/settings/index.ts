import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { documentApiKeyAuth } from '../../http/openapi';
import { apiKeyOrSession } from './apiKeyAuth.routes';
import { apiKeyRoutes } from './apiKeys.routes';
import { businessProfileRoutes } from './businessProfile.routes';
import { crawlLimitsFromEnv } from './crawler.service';
import { creditUsageRoutes } from './creditUsage.routes';
import { mailChangeRoutes } from './mailChange.routes';
import { passwordRoutes } from './password.routes';
import { teamMemberRoutes } from './teamMembers.routes';
import { privacyRoutes } from './privacy.routes';
import { trainingCollectionRoutes } from './trainingData.routes';
import { defaultQuestionRoutes } from './defaultQuestions.routes';
import { trainingFileRoutes } from './trainingFiles.routes';
import { websiteLinkRoutes } from './websiteLinks.routes';
import { courseRoutes } from './courses.routes';
import { topicRoutes } from './topics.routes';
import { crmRoutes } from './crm.routes';
import { walletRoutes } from './wallet.routes';
import { settingsWebhookRoutes } from './webhooks.routes';
import { paymentsFor } from '../../providers/payments';
import { paymentWebhookRoutes } from './paymentWebhooks.routes';

/** Routes of the Settings area: one `<feature>.routes.ts` per resource beside this one (ADR 058); register them here. */
export function settingsRoutes(api: FastifyInstance, deps: AppDeps): void {
  // Business profile and training data accept an API key as well as a session token.
  const auth = documentApiKeyAuth(apiKeyOrSession(api, deps));
  businessProfileRoutes(api, deps, auth);
  websiteLinkRoutes(api, deps, auth, crawlLimitsFromEnv());
  trainingCollectionRoutes(api, deps, auth);
  defaultQuestionRoutes(api, deps, auth);
  trainingFileRoutes(api, deps, auth);
  passwordRoutes(api, deps);
  apiKeyRoutes(api, deps);
  mailChangeRoutes(api, deps);
  teamMemberRoutes(api, deps);
  privacyRoutes(api, deps);
  creditUsageRoutes(api, deps);
  // The wallet and Stripe's webhook share the app's payments (provider and event handlers).
  const payments = paymentsFor(deps);
  walletRoutes(api, deps, payments);
  paymentWebhookRoutes(api, payments);
  crmRoutes(api, deps);
  settingsWebhookRoutes(api, deps);
  courseRoutes(api, deps);
  topicRoutes(api, deps);
}
