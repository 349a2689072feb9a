import type { AppDeps } from '../http/context';
import type { JobQueue } from '../queue/jobQueue';
import { defineAiJobWorker } from './aiJob';
import { defineAiTrainingWorker } from './aiTraining';
import { defineCrmSendWorker } from './crmSend';
import { defineEmailWorker } from './emailDelivery';
import { defineEmailVerifyWorker } from './emailVerify';
import { defineListImportWorker } from './listImport';
import { defineLeadEnrichmentWorker } from './leadEnrichment';
import { defineLimitResets } from './limitResets';
import { defineTrashPurge } from './trashPurge';
import { definePrivacyWorkers } from './privacy';
import { definePhoneRevealExpiry } from './phoneRevealExpiry';
import { defineListExportWorker } from './listExport';
import { defineListWebhookWorker } from './listWebhook';
import { defineSchedulerTicks } from './schedulerTicks';
import { definePaykickstartIpnWorker } from './paykickstartIpn';
import { defineSearchWorker } from './searchJob';
import { defineSettingsWebhookWorker } from './settingsWebhook';
import { defineSubscriptionRenewals } from './subscriptionRenewals';
import { defineWhitelabelWebhookWorker } from './whitelabelWebhook';

/** Every kind of queued work, declared on the app's queue (one handler per kind, one file per kind). */
export function defineWorkers(queue: JobQueue, deps: AppDeps): void {
  defineSearchWorker(queue, deps.db, deps, deps.config.appSecret);
  defineAiJobWorker(queue, deps.db);
  defineAiTrainingWorker(queue, deps.db, deps.clock);
  defineLeadEnrichmentWorker(queue, deps.db, deps, deps.clock);
  definePhoneRevealExpiry(queue, deps.db, deps.clock, deps);
  defineListWebhookWorker(queue, deps.db, deps.clock);
  defineListExportWorker(queue, deps.db, deps.clock, { objectStorage: deps.config.objectStorage, mail: deps });
  defineEmailWorker(queue, deps.db, deps.mailer, deps.config.appSecret);
  defineWhitelabelWebhookWorker(queue, deps.db);
  defineSettingsWebhookWorker(queue, deps.db, () => deps.clock.now());
  defineSchedulerTicks(queue, deps.db, deps.clock, deps);
  defineSubscriptionRenewals(queue, deps.db, deps.clock, deps);
  defineLimitResets(queue, deps.db, deps.clock);
  defineTrashPurge(queue, deps.db, deps.clock);
  definePrivacyWorkers(queue, deps.db, deps.clock, deps.config.objectStorage);
  definePaykickstartIpnWorker(queue, deps.db, deps.clock, deps);
  defineCrmSendWorker(queue, deps.db, deps.config.appSecret, () => deps.clock.now());
  defineEmailVerifyWorker(queue, deps.db, deps.clock);
  defineListImportWorker(queue, deps.db, deps.clock);
}
