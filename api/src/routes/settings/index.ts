import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { documentApiKeyAuth } from '../../http/openapi';
import { apiKeyOrSession } from './apiKeyAuth';
import { apiKeyRoutes } from './apiKeys';
import { businessProfileRoutes } from './businessProfile';
import { crawlLimitsFromEnv } from './crawler';
import { creditUsageRoutes } from './creditUsage';
import { mailChangeRoutes } from './mailChange';
import { passwordRoutes } from './password';
import { teamMemberRoutes } from './teamMembers';
import { privacyRoutes } from './privacy';
import { trainingCollectionRoutes } from './trainingData';
import { defaultQuestionRoutes } from './defaultQuestions';
import { trainingFileRoutes } from './trainingFiles';
import { websiteLinkRoutes } from './websiteLinks';
import { courseRoutes } from './courses';
import { topicRoutes } from './topics';
import { crmRoutes } from './crm';
import { walletRoutes } from './wallet';
import { settingsWebhookRoutes } from './webhooks';
import { paymentsFor } from '../../providers/payments';
import { paymentWebhookRoutes } from './paymentWebhooks';

/** Routes of the Settings area. One file per resource beside this one; register them here. */
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
