import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db';
import type { AppDeps } from '../../http/context';
import { unprocessable } from '../../http/errors';
import { MessageProperties, Nullable, StringEnum, Timestamp, Type } from '../../http/contract';
import { objectSchema } from '../../http/schemas';
import { paymentsFor, stripeClient } from '../../providers/payments';
import { say } from '../respond';
import { resellerGuard, resellerIdOf } from '../../modules/whitelabel/common';

export type BillingType = 'stripe' | 'paykickstart';

/**
 * The reseller's payment account (Stripe Connect, ADR 019). With Stripe configured, "connect" makes an
 * Express connected account for the reseller (once: idempotency key per reseller) and sends the
 * browser to Stripe's onboarding (an Account Link); Stripe sends it back to the callback, which reads
 * the account and connects it once its details are submitted. Without Stripe keys it is the embedded
 * sandbox (the same flow, answered locally, "test mode"), so the screen works on a laptop and in
 * tests. Either way the callback must carry the state we issued.
 */
export interface PaymentAccount {
  billing_type: BillingType;
  connected: boolean;
  mode: 'sandbox' | 'live' | null;
  account_id: string | null;
  connected_at: string | null;
}

interface Row {
  pending_account_id: string | null;
  billing_type: BillingType;
  mode: 'sandbox' | 'live' | null;
  account_id: string | null;
  connect_state: string | null;
  connected_at: string | null;
}

async function rowOf(q: Queryable, owner: number): Promise<Row | null> {
  const { rows } = await q.query<Row>(
    'SELECT billing_type, mode, account_id, pending_account_id, connect_state, connected_at FROM whitelabel_payment_accounts WHERE owner_id = $1',
    [owner],
  );
  return rows[0] ?? null;
}

const view = (row: Row | null): PaymentAccount => ({
  billing_type: row?.billing_type ?? 'stripe',
  connected: Boolean(row?.account_id),
  mode: row?.account_id ? row.mode : null,
  account_id: row?.account_id ?? null,
  connected_at: row?.account_id ? row.connected_at : null,
});

const PaymentAccountSchema = Type.Object({
  billing_type: StringEnum(['stripe', 'paykickstart'] as const),
  connected: Type.Boolean(),
  mode: Nullable(
    StringEnum(['sandbox', 'live'] as const, { description: 'sandbox: the embedded test flow (no Stripe keys).' }),
  ),
  account_id: Nullable(Type.String()),
  connected_at: Nullable(Timestamp()),
});
const SavedAccount = Type.Object({ ...MessageProperties, data: PaymentAccountSchema });

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export function stripeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  const guard = resellerGuard(app);
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
      const row = await rowOf(db, await resellerIdOf(db, request));
      return { data: view(row), stripe_configured: stripe !== null };
    },
  );

  app.put<{ Body: { billing_type: BillingType } }>(
    '/api/whitelabel/stripe',
    {
      onRequest: guard,
      schema: {
        summary: 'Choose the billing type',
        body: objectSchema({ billing_type: { type: 'string', enum: ['stripe', 'paykickstart'] } }, ['billing_type']),
        response: { 200: SavedAccount },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      await db.query(
        `INSERT INTO whitelabel_payment_accounts (owner_id, billing_type, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (owner_id) DO UPDATE SET billing_type = EXCLUDED.billing_type, updated_at = EXCLUDED.updated_at`,
        [owner, request.body.billing_type, clock.now()],
      );
      return { ...say(request, 'whitelabel.billing_saved'), data: view(await rowOf(db, owner)) };
    },
  );

  /** Starts the connection: the URL to send the browser to (Stripe's consent page, or the sandbox callback). */
  app.post<{ Body: { redirect_uri: string } }>(
    '/api/whitelabel/stripe/connect',
    {
      onRequest: guard,
      schema: {
        summary: "Start connecting a Stripe account: where to send the browser (Stripe's onboarding, or the sandbox)",
        body: objectSchema({ redirect_uri: { type: 'string', minLength: 1, maxLength: 2000, pattern: '^https?://' } }, [
          'redirect_uri',
        ]),
        response: { 200: Type.Object({ url: Type.String(), mode: StringEnum(['sandbox', 'live'] as const) }) },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      const state = randomBytes(16).toString('hex');
      await db.query(
        `INSERT INTO whitelabel_payment_accounts (owner_id, connect_state, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (owner_id) DO UPDATE SET connect_state = EXCLUDED.connect_state, updated_at = EXCLUDED.updated_at`,
        [owner, state, clock.now()],
      );
      const redirect = new URL(request.body.redirect_uri);
      if (!stripe) {
        redirect.searchParams.set('code', `sandbox_${randomBytes(8).toString('hex')}`);
        redirect.searchParams.set('state', state);
        return { url: redirect.toString(), mode: 'sandbox' };
      }
      const user = (await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [owner])).rows[0]!;
      try {
        const account = await stripe.accounts.create(
          { type: 'express', email: user.email, metadata: { owner_id: String(owner) } },
          { idempotencyKey: `leadsmith-connect-${owner}` },
        );
        await db.query('UPDATE whitelabel_payment_accounts SET pending_account_id = $2 WHERE owner_id = $1', [
          owner,
          account.id,
        ]);
        redirect.searchParams.set('code', account.id);
        redirect.searchParams.set('state', state);
        const link = await stripe.accountLinks.create({
          account: account.id,
          type: 'account_onboarding',
          return_url: redirect.toString(),
          refresh_url: request.body.redirect_uri,
        });
        return { url: link.url, mode: 'live' };
      } catch {
        throw unprocessable('whitelabel.stripe_failed', 'redirect_uri');
      }
    },
  );

  app.post<{ Body: { code: string; state: string } }>(
    '/api/whitelabel/stripe/callback',
    {
      onRequest: guard,
      schema: {
        summary: 'Finish connecting: the account Stripe (or the sandbox) sent the browser back with',
        body: objectSchema(
          {
            code: { type: 'string', minLength: 1, maxLength: 500 },
            state: { type: 'string', minLength: 1, maxLength: 100 },
          },
          ['code', 'state'],
        ),
        response: { 200: SavedAccount },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      const row = await rowOf(db, owner);
      if (!row?.connect_state || !sameText(row.connect_state, request.body.state))
        throw unprocessable('whitelabel.stripe_state', 'state');
      let accountId: string;
      let mode: 'sandbox' | 'live';
      if (!stripe) {
        if (!request.body.code.startsWith('sandbox_')) throw unprocessable('whitelabel.stripe_failed', 'code');
        accountId = `acct_sandbox_${request.body.code.slice(8, 24)}`;
        mode = 'sandbox';
      } else {
        // The account must be the one made for this reseller, and onboarded.
        if (!row.pending_account_id || !sameText(row.pending_account_id, request.body.code))
          throw unprocessable('whitelabel.stripe_failed', 'code');
        const account = await stripe.accounts.retrieve(request.body.code).catch(() => null);
        if (!account?.details_submitted) throw unprocessable('whitelabel.stripe_incomplete', 'code');
        accountId = account.id;
        mode = 'live';
      }
      await db.query(
        `UPDATE whitelabel_payment_accounts SET account_id = $2, mode = $3, connect_state = NULL, pending_account_id = NULL, connected_at = $4, updated_at = $4 WHERE owner_id = $1`,
        [owner, accountId, mode, clock.now()],
      );
      return { ...say(request, 'whitelabel.stripe_connected'), data: view(await rowOf(db, owner)) };
    },
  );

  app.delete(
    '/api/whitelabel/stripe',
    { onRequest: guard, schema: { summary: 'Disconnect the Stripe account', response: { 200: SavedAccount } } },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      await db.query(
        'UPDATE whitelabel_payment_accounts SET account_id = NULL, mode = NULL, connected_at = NULL, updated_at = $2 WHERE owner_id = $1',
        [owner, clock.now()],
      );
      return { ...say(request, 'whitelabel.stripe_disconnected'), data: view(await rowOf(db, owner)) };
    },
  );
}
