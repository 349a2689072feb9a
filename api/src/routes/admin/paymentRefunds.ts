import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { currentUser } from '../../http/auth';
import { paymentsFor } from '../../providers/payments';
import { createWalletService, refundAnswer, RefundAnswer } from '../settings/wallet';
import { adminOnly, idParamsSchema, notFound } from './common';

/**
 * An administrator refunds any wallet payment (issue 25), the platform's own or one paid to a reseller's
 * connected account (the provider takes it back from that account): the same once-only refund as the
 * reseller's (createWalletService.refund), the credits back from the wallet as far as they are left.
 */
export function adminPaymentRefundRoutes(api: FastifyInstance, deps: AppDeps): void {
  const payments = paymentsFor(deps);
  const wallet = createWalletService(deps, payments);
  api.post<{ Params: { id: number } }>(
    '/api/admin/payments/:id/refund',
    {
      ...adminOnly(api),
      schema: { summary: "Refund a wallet payment (top-up, automatic top-up, card check): the money goes back to the card, the credits leave the wallet", params: idParamsSchema, response: { 200: RefundAnswer, 202: RefundAnswer } },
    },
    async (request, reply) => {
      const known = await deps.db.query('SELECT 1 FROM settings_payment_charges WHERE id = $1 AND provider = $2', [request.params.id, payments.provider.name]);
      if (known.rowCount === 0) throw notFound();
      const answer = refundAnswer(request, await wallet.refund(request.params.id, currentUser(request).id));
      return reply.code(answer.status).send(answer.body);
    },
  );
}
