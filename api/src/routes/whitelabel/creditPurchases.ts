import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { currentUser } from '../../http/auth';
import { Nullable, Page, StringEnum, Timestamp, Type } from '../../http/contract';
import { unprocessable } from '../../http/errors';
import { objectSchema } from '../../http/schemas';
import { paymentsFor } from '../../providers/payments';
import { createWalletService, refundAnswer, RefundAnswer } from '../settings/wallet';
import { idParamsSchema, notFound, pageQuerySchema, resellerGuard, resellerIdOf, type PageQuery } from './common';

/** One wallet payment (a top-up, an automatic top-up, a card check) with its customer and its refund: what a reseller and an administrator see. */
export const walletPaymentProperties = {
  id: Type.Integer(),
  customer_id: Type.Integer(),
  customer_name: Type.String(),
  email: Type.String(),
  kind: StringEnum(['card_validation', 'top_up', 'auto_top_up'] as const),
  amount_cents: Type.Integer(),
  credits: Type.Integer(),
  status: StringEnum(['processing', 'requires_action', 'succeeded', 'failed', 'refunded'] as const),
  created_at: Timestamp(),
  refund_requested_at: Nullable(Timestamp()),
  refund_failure_code: Nullable(Type.String()),
  refund_taken_credits: Nullable(Type.Integer()),
  refund_shortfall_credits: Nullable(Type.Integer()),
  wallet_additional: Type.Integer({
    description: "The customer's purchased credits now: a refund takes back at most these.",
  }),
};

/** One wallet payment of a reseller's customer (spec §5: its customers buy credits at its price, on its account). */
const CreditPurchase = Type.Object({
  ...walletPaymentProperties,
  /** The money went to the reseller's connected account (only those are the reseller's to refund). */
  paid_to_you: Type.Boolean(),
});

/** The columns of walletPaymentProperties; `c` is the charge, `u` its customer, `w` the customer's wallet. */
export const WALLET_PAYMENT_COLUMNS = `c.id, u.id AS customer_id, trim(concat_ws(' ', u.first_name, u.last_name)) AS customer_name, u.email, c.kind, c.amount_cents, c.credits,
    c.status, c.created_at, c.refund_requested_at, c.refund_failure_code, c.refund_taken_credits, c.refund_shortfall_credits, COALESCE(w.additional, 0) AS wallet_additional`;

const SELECT = `SELECT ${WALLET_PAYMENT_COLUMNS}, c.connected_account IS NOT NULL AS paid_to_you
  FROM settings_payment_charges c JOIN users u ON u.id = c.user_id LEFT JOIN credit_wallets w ON w.user_id = u.id`;

/**
 * The wallet payments of a reseller's customers (top-ups, automatic top-ups, card checks) and their
 * refund (issue 25): a reseller refunds what was paid to its connected account; the provider takes the
 * money back from that account (the transfer is reversed) and the credits come back from the customer's
 * wallet once, as far as they are left (the shortfall is shown).
 */
export function creditPurchaseRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const guard = resellerGuard(app);
  const payments = paymentsFor(deps);
  const wallet = createWalletService(deps, payments);

  app.get<{ Querystring: PageQuery }>(
    '/api/whitelabel/credit-purchases',
    {
      onRequest: guard,
      schema: {
        summary: "Your customers' credit purchases (paginated), newest first",
        querystring: objectSchema(pageQuerySchema),
        response: { 200: Page(CreditPurchase) },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      const { page, pageSize } = request.query;
      const { rows } = await db.query(
        `${SELECT} WHERE u.parent_id = $1 AND c.provider = $2 ORDER BY c.id DESC LIMIT $3 OFFSET $4`,
        [owner, payments.provider.name, pageSize, (page - 1) * pageSize],
      );
      const count = await db.query<{ total: number }>(
        'SELECT count(*)::int AS total FROM settings_payment_charges c JOIN users u ON u.id = c.user_id WHERE u.parent_id = $1 AND c.provider = $2',
        [owner, payments.provider.name],
      );
      return { data: rows, currentPage: page, pageSize, total: count.rows[0]?.total ?? 0 };
    },
  );

  app.post<{ Params: { id: number } }>(
    '/api/whitelabel/credit-purchases/:id/refund',
    {
      onRequest: guard,
      schema: {
        summary:
          "Refund a customer's credit purchase paid to your account: the money goes back to the card, the credits leave the customer's wallet",
        params: idParamsSchema,
        response: { 200: RefundAnswer, 202: RefundAnswer },
      },
    },
    async (request, reply) => {
      const owner = await resellerIdOf(db, request);
      const { rows } = await db.query<{ paid_to_you: boolean }>(
        `${SELECT} WHERE c.id = $1 AND u.parent_id = $2 AND c.provider = $3`,
        [request.params.id, owner, payments.provider.name],
      );
      const charge = rows[0];
      if (!charge) throw notFound();
      if (!charge.paid_to_you) throw unprocessable('settings.refund_not_yours', 'status');
      const answer = refundAnswer(request, await wallet.refund(request.params.id, currentUser(request).id));
      return reply.code(answer.status).send(answer.body);
    },
  );
}
