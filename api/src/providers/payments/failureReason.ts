import { t, type Language, type MessageCode } from '../../i18n/messages';

/** Why a provider refused a payment, as it gave it: Stripe's error code, the issuer's decline code and the message. */
export interface PaymentFailure {
  code: string | null;
  declineCode: string | null;
  message: string | null;
}

/** Our code for a request the provider refused that was not the card's doing (payments/stripe.ts refusalCode). */
export const PROVIDER_REFUSED = 'provider_refused';

/**
 * Stripe's decline codes (docs.stripe.com/declines/codes) and error codes, grouped by what the card
 * holder can do about them. Lost, stolen, fraudulent and pick-up cards read as a plain decline, as
 * Stripe advises (the customer is not told the card was flagged).
 */
const FAILURE_TEXTS: Readonly<Record<string, MessageCode>> = {
  card_declined: 'settings.charge_failure.card_declined',
  generic_decline: 'settings.charge_failure.card_declined',
  do_not_honor: 'settings.charge_failure.card_declined',
  do_not_try_again: 'settings.charge_failure.card_declined',
  no_action_taken: 'settings.charge_failure.card_declined',
  not_permitted: 'settings.charge_failure.card_declined',
  restricted_card: 'settings.charge_failure.card_declined',
  security_violation: 'settings.charge_failure.card_declined',
  service_not_allowed: 'settings.charge_failure.card_declined',
  transaction_not_allowed: 'settings.charge_failure.card_declined',
  revocation_of_all_authorizations: 'settings.charge_failure.card_declined',
  revocation_of_authorization: 'settings.charge_failure.card_declined',
  stop_payment_order: 'settings.charge_failure.card_declined',
  invalid_account: 'settings.charge_failure.card_declined',
  lost_card: 'settings.charge_failure.card_declined',
  stolen_card: 'settings.charge_failure.card_declined',
  fraudulent: 'settings.charge_failure.card_declined',
  merchant_blacklist: 'settings.charge_failure.card_declined',
  pickup_card: 'settings.charge_failure.card_declined',
  testmode_decline: 'settings.charge_failure.card_declined',
  insufficient_funds: 'settings.charge_failure.insufficient_funds',
  card_velocity_exceeded: 'settings.charge_failure.limit_exceeded',
  withdrawal_count_limit_exceeded: 'settings.charge_failure.limit_exceeded',
  expired_card: 'settings.charge_failure.expired_card',
  incorrect_cvc: 'settings.charge_failure.incorrect_cvc',
  invalid_cvc: 'settings.charge_failure.incorrect_cvc',
  incorrect_number: 'settings.charge_failure.incorrect_number',
  invalid_number: 'settings.charge_failure.incorrect_number',
  invalid_expiry_month: 'settings.charge_failure.invalid_expiry',
  invalid_expiry_year: 'settings.charge_failure.invalid_expiry',
  call_issuer: 'settings.charge_failure.call_issuer',
  approve_with_id: 'settings.charge_failure.call_issuer',
  new_account_information_available: 'settings.charge_failure.call_issuer',
  issuer_not_available: 'settings.charge_failure.try_again_later',
  processing_error: 'settings.charge_failure.try_again_later',
  reenter_transaction: 'settings.charge_failure.try_again_later',
  try_again_later: 'settings.charge_failure.try_again_later',
  card_not_supported: 'settings.charge_failure.card_not_supported',
  currency_not_supported: 'settings.charge_failure.card_not_supported',
  authentication_required: 'settings.charge_failure.authentication_required',
  payment_method_missing: 'settings.charge_failure.payment_method_missing',
  [PROVIDER_REFUSED]: 'settings.charge_failure.not_collected',
};

/**
 * The reason a failed-payment email gives, in the recipient's language: the decline code in words when
 * it is a known one, else the error code in words (an unknown decline is still "the card was declined"),
 * else the provider's own message (or the code when it sent none); a provider that gives no reason at
 * all says the payment could not be collected.
 */
export function paymentFailureReason(lang: Language, failure: Partial<PaymentFailure> | null | undefined): string {
  const codes = [failure?.declineCode, failure?.code].map((c) => c?.trim() || null);
  const known = codes.map((c) => (c ? FAILURE_TEXTS[c] : undefined)).find(Boolean);
  if (known) return t(lang, known);
  const said = failure?.message?.trim().replace(/\.$/, '') || codes.find(Boolean);
  return said
    ? t(lang, 'settings.charge_failure.other', { code: said })
    : t(lang, 'settings.charge_failure.not_collected');
}

/** A card charge's failure code (ours or the provider's), as the failed-payment email says it. */
export const chargeFailureReason = (lang: Language, code: string): string => paymentFailureReason(lang, { code });
