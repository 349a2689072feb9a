import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { MessageProperties, Nullable, StringEnum, Timestamp, Type, type Static } from '../../http/contract';
import { paymentsFor, stripeClient } from '../../providers/payments';
import { say } from '../../http/respond';
import { resellerGuard, resellerIdOf } from './common';
import {
  disconnectAccount,
  paymentAccountOf,
  saveBillingType,
  type BillingType,
  type PaymentAccountRow,
} from './stripe.repository';
import { finishConnect, startConnect } from './stripe.service';

/**
 * The reseller's payment account (Stripe Connect, ADR 019). With Stripe configured, "connect" makes an
 * Express connected account for the reseller (once: idempotency key per reseller) and sends the
 * browser to Stripe's onboarding (an Account Link); Stripe sends it back to the callback, which reads
 * the account and connects it once its details are submitted. Without Stripe keys it is the embedded
 * sandbox (the same flow, answered locally, "test mode"), so the screen works on a laptop and in
 * tests. Either way the callback must carry the state we issued.
 */
const BILLING_TYPES = ['stripe', 'paykickstart'] as const satisfies readonly BillingType[];

const PaymentAccountSchema = Type.Object({
  billing_type: StringEnum(BILLING_TYPES),
  connected: Type.Boolean(),
  mode: Nullable(
    StringEnum(['sandbox', 'live'] as const, { description: 'sandbox: the embedded test flow (no Stripe keys).' }),
  ),
  account_id: Nullable(Type.String()),
  connected_at: Nullable(Timestamp()),
});
const SavedAccount = Type.Object({ ...MessageProperties, data: PaymentAccountSchema });

const view = (row: PaymentAccountRow | null): Static<typeof PaymentAccountSchema> => ({
  billing_type: row?.billing_type ?? 'stripe',
  connected: Boolean(row?.account_id),
  mode: row?.account_id ? row.mode : null,
  account_id: row?.account_id ?? null,
  connected_at: row?.account_id ? row.connected_at : null,
});

export function stripeRoutes(api: FastifyInstance, deps: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const { db, clock } = deps;
  const guard = resellerGuard(api);
  const payments = paymentsFor(deps);
  const stripe = payments.config.secretKey
    ? stripeClient({ secretKey: payments.config.secretKey, apiBase: payments.config.apiBase })
    : null;

  app.get(
    '/api/whitelabel/stripe',
    {
      onRequest: guard,
      schema: {
        summary: 'How you are paid: the billing type and the connected Stripe account',
        response: { 200: Type.Object({ data: PaymentAccountSchema, stripe_configured: Type.Boolean() }) },
      },
    },
    async (request) => {
      const row = await paymentAccountOf(db, await resellerIdOf(db, request));
      return { data: view(row), stripe_configured: stripe !== null };
    },
  );

  app.put(
    '/api/whitelabel/stripe',
    {
      onRequest: guard,
      schema: {
        summary: 'Choose the billing type',
        body: Type.Object({ billing_type: StringEnum(BILLING_TYPES) }, { additionalProperties: false }),
        response: { 200: SavedAccount },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      await saveBillingType(db, owner, request.body.billing_type, clock.now());
      return { ...say(request, 'whitelabel.billing_saved'), data: view(await paymentAccountOf(db, owner)) };
    },
  );

  /** Starts the connection: the URL to send the browser to (Stripe's consent page, or the sandbox callback). */
  app.post(
    '/api/whitelabel/stripe/connect',
    {
      onRequest: guard,
      schema: {
        summary: "Start connecting a Stripe account: where to send the browser (Stripe's onboarding, or the sandbox)",
        body: Type.Object(
          { redirect_uri: Type.String({ minLength: 1, maxLength: 2000, pattern: '^https?://' }) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ url: Type.String(), mode: StringEnum(['sandbox', 'live'] as const) }) },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      return startConnect(db, stripe, owner, request.body.redirect_uri, clock.now());
    },
  );

  app.post(
    '/api/whitelabel/stripe/callback',
    {
      onRequest: guard,
      schema: {
        summary: 'Finish connecting: the account Stripe (or the sandbox) sent the browser back with',
        body: Type.Object(
          {
            code: Type.String({ minLength: 1, maxLength: 500 }),
            state: Type.String({ minLength: 1, maxLength: 100 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: SavedAccount },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      await finishConnect(db, stripe, owner, request.body, () => clock.now());
      return { ...say(request, 'whitelabel.stripe_connected'), data: view(await paymentAccountOf(db, owner)) };
    },
  );

  app.delete(
    '/api/whitelabel/stripe',
    { onRequest: guard, schema: { summary: 'Disconnect the Stripe account', response: { 200: SavedAccount } } },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      await disconnectAccount(db, owner, clock.now());
      return { ...say(request, 'whitelabel.stripe_disconnected'), data: view(await paymentAccountOf(db, owner)) };
    },
  );
}
