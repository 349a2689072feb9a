import { PaymentMethodError, type CardInput, type ChargeOutcome, type ChargeRequest, type ChargeStatus, type CustomerRef, type PaymentsProvider, type StoredPaymentMethod } from './types';

export interface StripeOptions {
  secretKey: string;
  /** https://api.stripe.com by default; tests point it at a local fake. */
  apiBase?: string;
  timeoutMs?: number;
}

interface StripeError {
  error?: { type?: string; code?: string; decline_code?: string; message?: string; payment_intent?: { id?: string; status?: string } };
}

interface PaymentIntent {
  id: string;
  status: string;
  last_payment_error?: { code?: string; decline_code?: string } | null;
}

/** Stripe form encoding: nested keys as `card[number]`. */
function form(values: Record<string, string | number | boolean | undefined>): string {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined) body.set(key, String(value));
  return body.toString();
}

function intentStatus(intent: PaymentIntent): ChargeOutcome {
  const map: Record<string, ChargeStatus> = { succeeded: 'succeeded', processing: 'processing' };
  const status = map[intent.status] ?? 'failed';
  const failureCode = status === 'failed' ? (intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? intent.status) : undefined;
  return { ref: intent.id, status, failureCode };
}

/**
 * Stripe adapter over its REST API (fetch, form-encoded, Bearer secret key). A payment method is
 * created and attached to a new customer; its stored reference is `customer/payment_method`.
 * Charges are confirmed off-session PaymentIntents with an Idempotency-Key.
 * Note: sending raw card numbers needs Stripe's raw-card-data permission (test mode allows it); a
 * production install would collect the card with Stripe Elements and send only the pm_ id.
 */
export function createStripePayments({ secretKey, apiBase = 'https://api.stripe.com', timeoutMs = 15_000 }: StripeOptions): PaymentsProvider {
  async function call<T>(method: 'GET' | 'POST', path: string, body?: Record<string, string | number | boolean | undefined>, idempotencyKey?: string): Promise<{ ok: boolean; status: number; data: T & StripeError }> {
    const headers: Record<string, string> = { authorization: `Bearer ${secretKey}`, 'stripe-version': '2024-06-20' };
    if (body) headers['content-type'] = 'application/x-www-form-urlencoded';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let response: Response;
    try {
      response = await fetch(`${apiBase}${path}`, { method, headers, body: body ? form(body) : undefined, signal: AbortSignal.timeout(timeoutMs) });
    } catch {
      throw new PaymentMethodError('provider_unavailable');
    }
    const data = (await response.json().catch(() => ({}))) as T & StripeError;
    if (response.status >= 500) throw new PaymentMethodError('provider_unavailable');
    return { ok: response.ok, status: response.status, data };
  }

  return {
    name: 'stripe',

    async createPaymentMethod(card: CardInput, customer: CustomerRef): Promise<StoredPaymentMethod> {
      const pm = await call<{ id: string; card?: { brand?: string; last4?: string; exp_month?: number; exp_year?: number } }>('POST', '/v1/payment_methods', {
        type: 'card',
        'card[number]': card.number.replace(/[\s-]/g, ''),
        'card[exp_month]': card.expMonth,
        'card[exp_year]': card.expYear,
        'card[cvc]': card.cvc,
      });
      if (!pm.ok) throw new PaymentMethodError(pm.data.error?.type === 'card_error' && pm.data.error.code === 'card_declined' ? 'card_declined' : 'invalid_card');
      const cus = await call<{ id: string }>('POST', '/v1/customers', { email: customer.email, 'metadata[user_id]': customer.userId });
      if (!cus.ok) throw new PaymentMethodError('provider_unavailable');
      const attached = await call<{ id: string }>('POST', `/v1/payment_methods/${encodeURIComponent(pm.data.id)}/attach`, { customer: cus.data.id });
      if (!attached.ok) throw new PaymentMethodError(attached.data.error?.code === 'card_declined' ? 'card_declined' : 'invalid_card');
      return {
        ref: `${cus.data.id}/${pm.data.id}`,
        brand: pm.data.card?.brand ?? 'card',
        last4: pm.data.card?.last4 ?? card.number.slice(-4),
        expMonth: pm.data.card?.exp_month ?? card.expMonth,
        expYear: pm.data.card?.exp_year ?? card.expYear,
      };
    },

    async charge(request: ChargeRequest): Promise<ChargeOutcome> {
      const [customer, paymentMethod] = request.paymentMethodRef.split('/');
      const result = await call<PaymentIntent>(
        'POST',
        '/v1/payment_intents',
        {
          amount: request.amountCents,
          currency: request.currency,
          customer,
          payment_method: paymentMethod,
          confirm: true,
          off_session: true,
          description: request.description,
        },
        request.idempotencyKey,
      );
      if (result.ok) return intentStatus(result.data);
      // A declined card answers 402 with the intent in the error.
      const error = result.data.error;
      return { ref: error?.payment_intent?.id ?? null, status: 'failed', failureCode: error?.decline_code ?? error?.code ?? 'card_declined' };
    },

    async getCharge(ref: string): Promise<ChargeOutcome> {
      const result = await call<PaymentIntent>('GET', `/v1/payment_intents/${encodeURIComponent(ref)}`);
      if (!result.ok) return { ref, status: 'failed', failureCode: result.data.error?.code ?? 'charge_missing' };
      return intentStatus(result.data);
    },

    async refund(ref: string): Promise<ChargeOutcome> {
      const result = await call<{ id: string; status: string }>('POST', '/v1/refunds', { payment_intent: ref }, `refund-${ref}`);
      if (!result.ok) return { ref, status: 'failed', failureCode: result.data.error?.code ?? 'refund_failed' };
      return { ref, status: result.data.status === 'failed' ? 'failed' : 'refunded' };
    },
  };
}
