import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { brandImageRoutes } from './brandImages';
import { businessAccountRoutes } from './businessAccount';
import { creditPurchaseRoutes } from './creditPurchases';
import { customLinkRoutes } from './customLinks';
import { domainVerificationRoutes } from './domainVerification';
import { emailTemplateRoutes } from './emailTemplates';
import { packageRoutes } from './packages';
import { partnerRoutes } from './partners';
import { paykickstartRoutes } from './paykickstart';
import { renewalEventRoutes } from './renewalEvents';
import { salesPageRoutes } from './salesPage';
import { salesSettingsRoutes } from './salesSettings';
import { smtpRoutes } from './smtp';
import { stripeRoutes } from './stripe';
import { subscriptionRoutes } from './subscriptions';
import { trainingContentRoutes } from './trainingContent';
import { webhookRoutes } from './webhooks';

/** Routes of the white-label area. One file per resource beside this one; register them here. */
export function whitelabelRoutes(api: FastifyInstance, deps: AppDeps): void {
  businessAccountRoutes(api, deps);
  brandImageRoutes(api, deps);
  domainVerificationRoutes(api, deps);
  packageRoutes(api, deps);
  salesSettingsRoutes(api, deps);
  salesPageRoutes(api, deps);
  subscriptionRoutes(api, deps);
  creditPurchaseRoutes(api, deps);
  smtpRoutes(api, deps);
  webhookRoutes(api, deps);
  stripeRoutes(api, deps);
  paykickstartRoutes(api, deps);
  renewalEventRoutes(api, deps);
  customLinkRoutes(api, deps);
  emailTemplateRoutes(api, deps);
  partnerRoutes(api, deps);
  trainingContentRoutes(api, deps);
}
