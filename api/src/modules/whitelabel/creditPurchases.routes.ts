import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { currentUser } from '../../http/auth';
import { Page, Type, pageOf, pageWindow } from '../../http/contract';
import { unprocessable } from '../../http/errors';
import { paymentsFor } from '../../providers/payments';
import { refundAnswer, RefundAnswer } from '../settings/wallet.routes';
import { createWalletService } from '../settings/wallet.service';
import { idParamsSchema, notFound, pageQuerySchema, resellerGuard, resellerIdOf } from './common';
import { walletPaymentProperties } from './creditPurchases.schemas';
import { countCreditPurchases, creditPurchaseOf, listCreditPurchases } from './creditPurchases.repository';

/** One wallet payment of a reseller's customer (spec §5: its customers buy credits at its price, on its account). */
const CreditPurchase = Type.Object({
  ...walletPaymentProperties,
  /** The money went to the reseller's connected account (only those are the reseller's to refund). */
  paid_to_you: Type.Boolean(),
});

/**
 * The wallet payments of a reseller's customers (top-ups, automatic top-ups, card checks) and their
 * refund (issue 25): a reseller refunds what was paid to its connected account; the provider takes the
 * money back from that account (the transfer is reversed) and the credits come back from the customer's
 * wallet once, as far as they are left (the shortfall is shown).
 */
export function creditPurchaseRoutes(api: FastifyInstance, deps: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = deps;
  const guard = resellerGuard(app);
  const payments = paymentsFor(deps);
  const wallet = createWalletService(deps, payments);

  app.get(
    '/api/whitelabel/credit-purchases',
    {
      onRequest: guard,
      schema: {
        summary: "Your customers' credit purchases (paginated), newest first",
        querystring: Type.Object(pageQuerySchema, { additionalProperties: false }),
        response: { 200: Page(CreditPurchase) },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      const rows = await listCreditPurchases(db, owner, payments.provider.name, pageWindow(request.query));
      const total = await countCreditPurchases(db, owner, payments.provider.name);
      return pageOf(rows, request.query, total);
    },
  );

  app.post(
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
      const charge = await creditPurchaseOf(db, request.params.id, owner, payments.provider.name);
      if (!charge) throw notFound();
      if (!charge.paid_to_you) throw unprocessable('settings.refund_not_yours', 'status');
      const answer = refundAnswer(request, await wallet.refund(request.params.id, currentUser(request).id));
      return reply.code(answer.status).send(answer.body);
    },
  );
}
