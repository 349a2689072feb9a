import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { currentUser } from '../../http/auth';
import { Nullable, Page, pageOf, StringEnum, Type, type Static } from '../../http/contract';
import { paymentsFor } from '../../providers/payments';
import { refundAnswer, RefundAnswer } from '../settings/wallet.routes';
import { createWalletService } from '../settings/wallet.service';
import { walletPaymentProperties } from '../whitelabel/creditPurchases.schemas';
import { adminOnly, idParamsSchema, notFound, pageQueryProperties } from './common';
import { listPayments, paymentExists, type PaymentState } from './paymentRefunds.repository';

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

const PAYMENT_STATES = ['succeeded', 'refunded', 'failed', 'pending'] as const satisfies readonly PaymentState[];

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
      const { rows, total } = await listPayments<Static<typeof AdminPayment>>(
        deps.db,
        payments.provider.name,
        request.query,
      );
      return pageOf(rows, request.query, total);
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
      if (!(await paymentExists(deps.db, request.params.id, payments.provider.name))) throw notFound();
      const answer = refundAnswer(request, await wallet.refund(request.params.id, currentUser(request).id));
      return reply.code(answer.status).send(answer.body);
    },
  );
}
