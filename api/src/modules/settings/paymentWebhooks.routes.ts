import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { ApiError } from '../../http/errors';
import { Type } from '../../http/contract';
import type { PaymentEvent, Payments } from '../../providers/payments';

/**
 * Stripe's webhook endpoint (issue 25, ADR 019): the signature (`Stripe-Signature`, the endpoint's
 * `whsec_…` secret, 5-minute tolerance) is checked on the raw body with the SDK; the event is stored by
 * id and queued in one transaction, then answered 200 at once. A replayed id is acknowledged and
 * dropped. Without Stripe keys the route answers 404: the sandbox's events never come over HTTP.
 */
export function paymentWebhookRoutes(api: FastifyInstance, payments: Payments): void {
  void api.register(async (scope) => {
    // The signature covers the exact bytes: this scope keeps JSON bodies raw.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
      (_request, body, done) => done(null, body),
    );
    const app = scope.withTypeProvider<TypeBoxTypeProvider>();
    app.post(
      '/api/payments/stripe/webhook',
      {
        schema: {
          summary: "Stripe's events (signed with the endpoint secret); each is processed once",
          headers: Type.Object({ 'stripe-signature': Type.Optional(Type.String({ maxLength: 2000 })) }),
          response: { 200: Type.Object({ received: Type.Boolean(), duplicate: Type.Boolean() }) },
        },
        config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      },
      async (request) => {
        const secret = payments.config.webhookSecret;
        if (payments.provider.name !== 'stripe' || !secret) throw new ApiError(404, 'not_found');
        const signature = request.headers['stripe-signature'];
        if (!signature || !Buffer.isBuffer(request.body))
          throw new ApiError(400, 'settings.payment_webhook_signature', { field: 'stripe-signature' });
        let event: PaymentEvent;
        try {
          event = Stripe.webhooks.constructEvent(request.body, signature, secret) as unknown as PaymentEvent;
        } catch {
          throw new ApiError(400, 'settings.payment_webhook_signature', { field: 'stripe-signature' });
        }
        const fresh = await payments.events.record('stripe', event);
        return { received: true, duplicate: !fresh };
      },
    );
  });
}
