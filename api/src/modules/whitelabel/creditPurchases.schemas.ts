import { Nullable, StringEnum, Timestamp, Type } from '../../http/contract';

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
