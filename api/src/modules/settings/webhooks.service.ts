import { randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from '../../clock';
import type { Db } from '../../db';
import { unprocessable } from '../../http/errors';
import { checkOutboundUrl } from '../../net/outbound';
import { postSigned, sendsLegacyHeaders } from '../../net/signedPost';
import { webhookBody, type WebhookEvent } from '../../workers/settingsWebhook';
import { notFound, refuseAtLimit } from './account.service';
import {
  countWebhooks,
  insertWebhook,
  recordWebhookSend,
  updateWebhook,
  webhookOf,
  type WebhookRow,
} from './webhooks.repository';

export const MAX_WEBHOOKS = 50;

type Deps = { db: Db; clock: Clock };
export type WebhookBody = { name: string; url: string; events: WebhookEvent[]; secret?: string };

/**
 * Refuses URLs that point at private or loopback addresses (unless OUTBOUND_ALLOW_HOSTS lists them).
 * A name that does not resolve yet is kept: the send checks again at connect time.
 */
async function checkTarget(raw: string): Promise<void> {
  const verdict = await checkOutboundUrl(raw);
  if (verdict.ok || verdict.reason === 'unresolvable') return;
  throw unprocessable(verdict.reason === 'invalid_url' ? 'validation.url' : 'settings.address_refused', 'url');
}

/** Adds a webhook (at most MAX_WEBHOOKS an account; a secret is generated when none is given). */
export async function createWebhook({ db, clock }: Deps, accountId: number, body: WebhookBody): Promise<WebhookRow> {
  const { name, url, events, secret } = body;
  await checkTarget(url);
  return db.transaction(async (tx) => {
    await refuseAtLimit(tx, accountId, countWebhooks, MAX_WEBHOOKS, () =>
      unprocessable('settings.webhook_limit', 'name', { n: MAX_WEBHOOKS }),
    );
    const now = clock.now();
    return insertWebhook(
      tx,
      accountId,
      {
        name: name.trim(),
        url: url.trim(),
        events,
        secret: secret ?? `whsec_${randomBytes(24).toString('base64url')}`,
      },
      now,
    );
  });
}

/** Changes the account's webhook (404 when it has none of that id). */
export async function changeWebhook(
  { db, clock }: Deps,
  accountId: number,
  id: number,
  body: WebhookBody,
): Promise<WebhookRow> {
  const { name, url, events, secret } = body;
  await checkTarget(url);
  const row = await updateWebhook(
    db,
    id,
    accountId,
    { name: name.trim(), url: url.trim(), events, secret: secret ?? null },
    clock.now(),
  );
  if (!row) throw notFound();
  return row;
}

/** Sends a signed test event now and answers the receiver's HTTP status (refused: 422 on the URL). */
export async function sendTestEvent({ db, clock }: Deps, accountId: number, id: number): Promise<number> {
  const hook = await webhookOf(db, id, accountId);
  if (!hook) throw notFound();
  const now = clock.now();
  const deliveryId = `webhook-test:${randomUUID()}`;
  const body = webhookBody(hook.id, {
    event: 'test',
    deliveryId,
    createdAt: now.toISOString(),
    data: { message: 'Test event', subscribed_events: hook.events },
  });
  const outcome = await postSigned(hook.url, body, {
    secret: hook.secret,
    event: 'test',
    deliveryId,
    legacy: await sendsLegacyHeaders(db, accountId),
  });
  await recordWebhookSend(db, hook.id, outcome.ok ? outcome.status : null, now);
  if (!outcome.ok) {
    if (outcome.error === 'address_refused') throw unprocessable('settings.address_refused', 'url');
    throw unprocessable('settings.webhook_unreachable', 'url');
  }
  return outcome.status;
}
