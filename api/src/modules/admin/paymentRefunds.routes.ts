import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { currentUser } from '../../http/auth';
import { Nullable, Page, StringEnum, Type, type Static } from '../../http/contract';
import { paymentsFor } from '../../providers/payments';
import { refundAnswer, RefundAnswer } from '../settings/wallet.routes';
import { createWalletService } from '../settings/wallet.service';
import { WALLET_PAYMENT_COLUMNS } from '../whitelabel/creditPurchases.repository';
import { walletPaymentProperties } from '../whitelabel/creditPurchases.schemas';
import { adminOnly, idParamsSchema, notFound, pageQueryProperties, Params } from './common';

/** One wallet payment as the administrator sees it: whose reseller's customer paid, and to whose account. */
const AdminPayment = Type.Object({
  ...walletPaymentProperties,
  reseller_name: Nullable(
    Type.String({ description: "The customer's reseller (null for the platform's own customers)" }),
  ),
  paid_to_reseller: Type.Boolean({
    description: "Paid to the reseller's connected account (the refund takes the money back from it)",
  }),
});

const PAYMENT_STATES = ['succeeded', 'refunded', 'failed', 'pending'] as const;

/**
 * The wallet payments (issue 25) for the administrator: every customer's top-ups, automatic top-ups and
 * card checks, the platform's own or paid to a reseller's connected account, and their refund: the same
 * once-only refund as the reseller's (createWalletService.refund), the credits back from the wallet as far
 * as they are left.
 */
export function adminPaymentRefundRoutes(api: FastifyInstance, deps: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const payments = paymentsFor(deps);
  const wallet = createWalletService(deps, payments);

  app.get(
    '/api/admin/payments',
    {
      ...adminOnly(api),
      schema: {
        summary: 'Wallet payments of every customer (paginated, newest first), by customer name or email and state',
        querystring: Type.Object(
          {
            ...pageQueryProperties,
            search: Type.Optional(Type.String({ maxLength: 100, description: "Part of the customer's name or email" })),
            state: Type.Optional(
              StringEnum(PAYMENT_STATES, { description: 'pending: processing or waiting for the bank' }),
            ),
          },
          { additionalProperties: false },
        ),
        response: { 200: Page(AdminPayment) },
      },
    },
    async (request) => {
      const { page, pageSize, search, state } = request.query;
      const p = new Params();
      const where = [`c.provider = ${p.add(payments.provider.name)}`];
      if (search?.trim()) {
        const like = p.add(`%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        where.push(`(u.email ILIKE ${like} OR concat_ws(' ', u.first_name, u.last_name) ILIKE ${like})`);
      }
      if (state === 'pending') where.push("c.status IN ('processing', 'requires_action')");
      else if (state) where.push(`c.status = ${p.add(state)}`);
      const from = `FROM settings_payment_charges c JOIN users u ON u.id = c.user_id LEFT JOIN credit_wallets w ON w.user_id = u.id LEFT JOIN users r ON r.id = u.parent_id WHERE ${where.join(' AND ')}`;
      const total = (await deps.db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, p.values)).rows[0]?.n ?? 0;
      const limit = p.add(pageSize);
      const offset = p.add((page - 1) * pageSize);
      const { rows } = await deps.db.query<Static<typeof AdminPayment>>(
        `SELECT ${WALLET_PAYMENT_COLUMNS}, CASE WHEN r.id IS NULL THEN NULL ELSE COALESCE(NULLIF(trim(concat_ws(' ', r.first_name, r.last_name)), ''), r.email) END AS reseller_name,
                c.connected_account IS NOT NULL AS paid_to_reseller
           ${from} ORDER BY c.id DESC LIMIT ${limit} OFFSET ${offset}`,
        p.values,
      );
      return { data: rows, currentPage: page, pageSize, total };
    },
  );

  app.post(
    '/api/admin/payments/:id/refund',
    {
      ...adminOnly(api),
      schema: {
        summary:
          'Refund a wallet payment (top-up, automatic top-up, card check): the money goes back to the card, the credits leave the wallet',
        params: idParamsSchema,
        response: { 200: RefundAnswer, 202: RefundAnswer },
      },
    },
    async (request, reply) => {
      const known = await deps.db.query('SELECT 1 FROM settings_payment_charges WHERE id = $1 AND provider = $2', [
        request.params.id,
        payments.provider.name,
      ]);
      if (known.rowCount === 0) throw notFound();
      const answer = refundAnswer(request, await wallet.refund(request.params.id, currentUser(request).id));
      return reply.code(answer.status).send(answer.body);
    },
  );
}
