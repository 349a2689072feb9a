import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { brandImageRoutes } from './brandImages.routes';
import { businessAccountRoutes } from './businessAccount.routes';
import { creditPurchaseRoutes } from './creditPurchases.routes';
import { customLinkRoutes } from './customLinks.routes';
import { domainVerificationRoutes } from './domainVerification.routes';
import { emailTemplateRoutes } from './emailTemplates.routes';
import { packageRoutes } from './packages.routes';
import { partnerRoutes } from './partners.routes';
import { paykickstartRoutes } from './paykickstart.routes';
import { renewalEventHandlers } from './renewalEvents.service';
import { salesPageRoutes } from './salesPage.routes';
import { salesSettingsRoutes } from './salesSettings.routes';
import { smtpRoutes } from './smtp.routes';
import { stripeRoutes } from './stripe.routes';
import { subscriptionRoutes } from './subscriptions.routes';
import { trainingContentRoutes } from './trainingContent.routes';
import { webhookRoutes } from './webhooks.routes';

/** Routes of the white-label area. One `<feature>.routes.ts` per resource beside this one (ADR 058); register them here. */
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
  renewalEventHandlers(deps);
  customLinkRoutes(api, deps);
  emailTemplateRoutes(api, deps);
  partnerRoutes(api, deps);
  trainingContentRoutes(api, deps);
}
