import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { defineAutoTopUpWorker, enqueueAutoTopUps } from '../../workers/autoTopUps';
import { definePaymentMethodDetachWorker } from '../../workers/paymentMethodDetach';
import { definePaymentReconcileWorker } from '../../workers/paymentReconcile';
import { autoTopUpSignal } from '../../credits/ledger';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { unprocessable } from '../../http/errors';
import {
  Empty,
  IdParams,
  Message,
  MessageProperties,
  Nullable,
  Page,
  PageQuery,
  StringEnum,
  Timestamp,
  Type,
  pageOf,
  pageWindow,
} from '../../http/contract';
import { metadataOf, type Payments } from '../../providers/payments';
import { say } from '../../http/respond';
import { idParamsSchema } from './account.schemas';
import { notFound } from './account.service';
import { countCharges, listCharges } from './wallet.repository';
import {
  addCard,
  confirmCharge,
  createWalletService,
  insertCard,
  makeDefaultCard,
  MAX_TOP_UP_CREDITS,
  MIN_TOP_UP_CREDITS,
  removeCard,
  setAutoTopUp,
  startCardSetup,
  topUp,
  walletOverview,
  type ChargeRefund,
  type ChargeRow,
  type WalletService,
} from './wallet.service';

const ChargeStatusSchema = StringEnum(['processing', 'requires_action', 'succeeded', 'failed', 'refunded']);
const Charge = Type.Object({
  id: Type.Integer(),
  kind: StringEnum(['card_validation', 'top_up', 'auto_top_up']),
  amount_cents: Type.Integer(),
  credits: Type.Integer(),
  status: ChargeStatusSchema,
  failure_code: Nullable(Type.String()),
  card_last4: Nullable(Type.String()),
  created_at: Timestamp(),
});
const Card = Type.Object({
  id: Type.Integer(),
  brand: Type.String(),
  last4: Type.String(),
  exp_month: Type.Integer(),
  exp_year: Type.Integer(),
  is_default: Type.Boolean(),
  needs_reconnect: Type.Boolean({
    description: 'The bank asked for authentication: "Card must be reconnected for security reasons".',
  }),
  created_at: Timestamp(),
});
const OptionalMessage = { code: Type.Optional(Type.String()), message: Type.Optional(Type.String()) };
const AutoTopUp = Type.Object({
  enabled: Type.Boolean(),
  threshold: Type.Integer(),
  amount: Type.Integer(),
  consent_at: Nullable(Timestamp()),
});
const Wallet = Type.Object({
  balance: Type.Object({
    monthly: Type.Integer(),
    additional: Type.Integer(),
    rolled_over: Type.Integer(),
    total: Type.Integer(),
  }),
  lots: Type.Array(
    Type.Object({
      id: Type.Integer(),
      amount: Type.Integer(),
      remaining: Type.Integer(),
      expires_at: Timestamp(),
      reason: Type.String(),
    }),
    { description: 'The credits that expire first.' },
  ),
  cards: Type.Array(Card),
  autoTopUp: AutoTopUp,
  pricing: Type.Object({
    centsPerCredit: Type.Number(),
    validationCents: Type.Integer(),
    validationCredits: Type.Integer(),
    minTopUp: Type.Integer(),
    maxTopUp: Type.Integer(),
  }),
  provider: StringEnum(['sandbox', 'stripe']),
  test_mode: Type.Boolean(),
  publishable_key: Nullable(Type.String()),
  charge_waiting_for_confirmation: Nullable(
    Type.Integer({ description: 'A payment the bank wants confirmed (3-D Secure).' }),
  ),
});

function paymentMessage(request: Parameters<typeof say>[0], charge: ChargeRow) {
  if (charge.status === 'succeeded') return say(request, 'settings.payment_succeeded');
  if (charge.status === 'processing') return say(request, 'settings.payment_processing');
  if (charge.status === 'requires_action') return say(request, 'settings.card_reconnect');
  return null;
}

/**
 * Wallet (module wallet; spec §2, §3, §9): balance by bucket with the additional credits' expiry,
 * cards with a default card, top-ups and the automatic top-up setting. Cards are entered in the
 * browser (Stripe.js Payment Element, or the sandbox's card form in test mode) and saved through a
 * SetupIntent: the API never receives a card number.
 */
export function walletRoutes(api: FastifyInstance, deps: AppDeps, payments: Payments): WalletService {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = deps;
  const provider = payments.provider;
  const service = createWalletService(deps, payments);
  const guard = { onRequest: [app.requireAuth, app.requireModule('wallet')] };

  // Automatic top-ups: a job as soon as a spend has committed one (the signal comes after the commit),
  // and a sweep every minute on the queue's scheduler for any the signal missed (a process that died).
  defineAutoTopUpWorker(deps.queue, service);
  definePaymentReconcileWorker(deps.queue, service);
  definePaymentMethodDetachWorker(deps.queue, db, payments.provider);
  for (const type of [
    'payment_intent.succeeded',
    'payment_intent.payment_failed',
    'payment_intent.requires_action',
    'charge.refunded',
  ] as const)
    payments.events.on(type, (event) => service.onEvent(event));
  // A card confirmed in the browser whose page closed before it told the API: saved from Stripe's event.
  payments.events.on('setup_intent.succeeded', async (event) => {
    const meta = metadataOf(event);
    const userId = Number(meta.user_id);
    const customer = (event.data.object as { customer?: string | null }).customer;
    if (provider.name !== 'stripe' || !Number.isInteger(userId) || !customer || !event.data.object.id) return;
    const method = await provider.finishSetup(event.data.object.id, customer);
    await insertCard(deps, provider, userId, method, false);
  });
  const onQueued = (userId: number) =>
    void enqueueAutoTopUps(deps.queue, userId).catch((error: unknown) =>
      app.log.error({ err: error }, 'auto top-up failed'),
    );
  autoTopUpSignal.on('queued', onQueued);
  app.addHook('onClose', async () => {
    autoTopUpSignal.off('queued', onQueued);
  });

  app.get(
    '/api/wallet',
    { ...guard, schema: { summary: 'Your credits, cards, automatic top-up and prices', response: { 200: Wallet } } },
    async (request) => {
      return walletOverview(deps, provider, currentUser(request).id);
    },
  );

  app.get(
    '/api/wallet/charges',
    {
      ...guard,
      schema: { summary: 'Your payments, newest first', querystring: PageQuery, response: { 200: Page(Charge) } },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const rows = await listCharges(db, userId, pageWindow(request.query));
      return pageOf(rows, request.query, await countCharges(db, userId));
    },
  );

  app.get(
    '/api/wallet/charges/:id',
    {
      ...guard,
      schema: {
        summary: 'One payment, read again from the provider while it is open',
        params: IdParams,
        response: { 200: Type.Object({ data: Charge, ...OptionalMessage }) },
      },
    },
    async (request) => {
      const charge = await service.refresh(currentUser(request).id, request.params.id);
      if (!charge) throw notFound();
      return { data: charge, ...(charge.status === 'succeeded' ? say(request, 'settings.payment_succeeded') : {}) };
    },
  );

  app.post(
    '/api/wallet/cards/setup',
    {
      ...guard,
      schema: {
        summary:
          'Starts saving a card: a SetupIntent the browser confirms with the card (Stripe.js, or the sandbox card form in test mode)',
        body: Empty,
        response: {
          201: Type.Object({
            setup_intent_id: Type.String(),
            client_secret: Type.String(),
            provider: StringEnum(['sandbox', 'stripe']),
            publishable_key: Nullable(Type.String()),
          }),
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const setup = await startCardSetup(deps, provider, user);
      reply.code(201);
      return {
        setup_intent_id: setup.id,
        client_secret: setup.clientSecret,
        provider: provider.name,
        publishable_key: provider.publishableKey,
      };
    },
  );

  app.post(
    '/api/wallet/cards',
    {
      ...guard,
      schema: {
        summary: 'Saves the card of a confirmed SetupIntent and makes the 1-dollar validation charge',
        body: Type.Object(
          {
            setup_intent_id: Type.String({ minLength: 3, maxLength: 255, pattern: '^seti_[A-Za-z0-9_]+$' }),
            token: Type.Optional(
              Type.String({
                minLength: 3,
                maxLength: 255,
                pattern: '^tok_[A-Za-z0-9_]+$',
                description: "The sandbox card form's token (test mode only).",
              }),
            ),
            make_default: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
        response: { 201: Type.Object({ data: Card, charge: Charge, ...OptionalMessage }) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { card, charge } = await addCard(deps, provider, service, user, request.body);
      reply.code(201);
      return { ...paymentMessage(request, charge), data: card, charge };
    },
  );

  app.post(
    '/api/wallet/charges/:id/confirm',
    {
      ...guard,
      schema: {
        summary:
          'A payment the bank wants authenticated: the client secret Stripe.js confirms it with (in test mode the sandbox confirms it here)',
        params: IdParams,
        body: Empty,
        response: {
          200: Type.Object({
            provider: StringEnum(['sandbox', 'stripe']),
            client_secret: Nullable(Type.String()),
            publishable_key: Nullable(Type.String()),
            data: Charge,
            ...OptionalMessage,
          }),
        },
      },
    },
    async (request) => {
      const confirmed = await confirmCharge(deps, payments, service, currentUser(request).id, request.params.id);
      if (confirmed.confirmed)
        return {
          provider: provider.name,
          client_secret: null,
          publishable_key: null,
          data: confirmed.charge,
          ...paymentMessage(request, confirmed.charge),
        };
      return {
        provider: provider.name,
        client_secret: confirmed.clientSecret,
        publishable_key: provider.publishableKey,
        data: confirmed.charge,
      };
    },
  );

  app.put(
    '/api/wallet/cards/:id/default',
    {
      ...guard,
      schema: {
        summary: 'Make a card the default',
        params: idParamsSchema,
        response: { 200: Type.Object({ ...MessageProperties, data: Card }) },
      },
    },
    async (request) => {
      const card = await makeDefaultCard(db, currentUser(request).id, request.params.id);
      return { ...say(request, 'settings.card_default_set'), data: card };
    },
  );

  app.delete(
    '/api/wallet/cards/:id',
    { ...guard, schema: { summary: 'Remove a card', params: idParamsSchema, response: { 200: Message } } },
    async (request) => {
      await removeCard(deps, currentUser(request).id, request.params.id);
      return say(request, 'settings.card_deleted');
    },
  );

  app.post(
    '/api/wallet/top-ups',
    {
      ...guard,
      schema: {
        summary: 'Buy credits with the default card',
        body: Type.Object(
          { credits: Type.Integer({ minimum: MIN_TOP_UP_CREDITS, maximum: MAX_TOP_UP_CREDITS }) },
          { additionalProperties: false },
        ),
        response: { 201: Type.Object({ data: Charge, ...OptionalMessage }) },
      },
    },
    async (request, reply) => {
      const charge = await topUp(deps, service, currentUser(request).id, request.body.credits);
      reply.code(201);
      return { ...paymentMessage(request, charge), data: charge };
    },
  );

  app.put(
    '/api/wallet/auto-top-up',
    {
      ...guard,
      schema: {
        summary: 'Turn the automatic top-up on or off, with its threshold and amount',
        response: { 200: Type.Object({ ...MessageProperties, data: AutoTopUp }) },
        body: Type.Object(
          {
            enabled: Type.Boolean(),
            threshold: Type.Integer({ minimum: 0, maximum: MAX_TOP_UP_CREDITS }),
            amount: Type.Integer({ minimum: MIN_TOP_UP_CREDITS, maximum: MAX_TOP_UP_CREDITS }),
            consent: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request) => {
      const data = await setAutoTopUp(deps, service, currentUser(request).id, request.body);
      return { ...say(request, request.body.enabled ? 'settings.auto_top_up_on' : 'settings.auto_top_up_off'), data };
    },
  );

  return service;
}

/** A wallet payment's refund as routes answer it: where it stands, and what it took back. */
export const ChargeRefundSchema = Type.Object({
  id: Type.Integer(),
  status: ChargeStatusSchema,
  credits: Type.Integer(),
  refund_requested_at: Nullable(Timestamp()),
  refund_failure_code: Nullable(Type.String()),
  refund_taken_credits: Nullable(Type.Integer({ description: 'Credits taken back from the wallet by the refund.' })),
  refund_shortfall_credits: Nullable(
    Type.Integer({ description: 'Credits the wallet could not give back (already spent).' }),
  ),
});
export const RefundAnswer = Type.Object({ ...MessageProperties, data: ChargeRefundSchema });

/** The answer to a refund request: refunded (with the shortfall, if any), refused by the provider, or asked and not confirmed yet (202). */
export function refundAnswer(
  request: Parameters<typeof say>[0],
  refund: ChargeRefund,
): { status: 200 | 202; body: { code: string; message: string; data: ChargeRefund } } {
  if (refund.status === 'refunded') {
    const shortfall = refund.refund_shortfall_credits ?? 0;
    const message =
      shortfall > 0
        ? say(request, 'settings.refund_done_short', {
            taken: refund.refund_taken_credits ?? 0,
            credits: refund.credits,
            shortfall,
          })
        : say(request, 'settings.refund_done', { taken: refund.refund_taken_credits ?? 0 });
    return { status: 200, body: { ...message, data: refund } };
  }
  if (refund.refund_failure_code)
    throw unprocessable('settings.refund_failed', 'status', { code: refund.refund_failure_code });
  return { status: 202, body: { ...say(request, 'settings.refund_requested'), data: refund } };
}
