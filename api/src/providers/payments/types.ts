/**
 * Payments provider (architecture §5): the embedded sandbox keeps a card/charge/refund lifecycle in
 * the database; the Stripe adapter talks to Stripe's REST API when STRIPE_SECRET_KEY is set.
 */
export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface CustomerRef {
  userId: number;
  email: string;
}

export interface StoredPaymentMethod {
  /** Provider reference used for later charges (opaque to the caller). */
  ref: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export type ChargeStatus = 'processing' | 'succeeded' | 'failed' | 'refunded';

export interface ChargeOutcome {
  ref: string | null;
  status: ChargeStatus;
  /** Why a charge failed (`card_declined`, `insufficient_funds`, …). */
  failureCode?: string;
}

export interface ChargeRequest {
  paymentMethodRef: string;
  amountCents: number;
  currency: 'usd';
  description: string;
  /** The same key never charges twice. */
  idempotencyKey: string;
}

/** A card the provider refused before any charge (bad number, expired, declined at setup). */
export class PaymentMethodError extends Error {
  constructor(readonly code: 'invalid_card' | 'card_declined' | 'provider_unavailable') {
    super(code);
    this.name = 'PaymentMethodError';
  }
}

export interface PaymentsProvider {
  readonly name: 'sandbox' | 'stripe';
  createPaymentMethod(card: CardInput, customer: CustomerRef): Promise<StoredPaymentMethod>;
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  /** The charge's current state (a processing charge may have settled). */
  getCharge(ref: string): Promise<ChargeOutcome>;
  refund(ref: string): Promise<ChargeOutcome>;
}

/** Luhn checksum of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'card';
}
