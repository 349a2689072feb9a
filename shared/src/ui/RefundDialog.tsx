import { ConfirmDialog } from './list/ConfirmDialog';

/** What a refund confirmation needs to know of a wallet payment. */
export interface RefundablePayment {
  /** Credits the payment put in the wallet: a refund takes them back out. */
  credits: number;
  /** Credits of that kind still in the customer's wallet now. */
  wallet_additional: number;
}

/** The credits of a payment already spent: they cannot leave the wallet when it is refunded. */
export const refundShortfall = (payment: RefundablePayment): number =>
  Math.max(0, payment.credits - payment.wallet_additional);

export interface RefundDialogProps<P extends RefundablePayment> {
  /** The payment to refund; null keeps the dialog closed. */
  payment: P | null;
  title: string;
  /**
   * The page's sentences for this payment: what goes back to the card and which credits leave the
   * wallet, then (when `shortfall` > 0) the credits already spent that stay spent. Empty ones are left out.
   */
  describe: (payment: P, shortfall: number) => (string | null)[];
  confirmLabel: string;
  busy: boolean;
  onConfirm: (payment: P) => void;
  onCancel: () => void;
}

/**
 * Asks before a wallet payment is refunded (the admin's payments report, a reseller's credit purchases):
 * says, before anything happens, what returns to the card and that credits already spent cannot come back.
 */
export function RefundDialog<P extends RefundablePayment>({
  payment,
  title,
  describe,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: RefundDialogProps<P>) {
  return (
    <ConfirmDialog
      open={payment !== null}
      title={title}
      body={payment ? describe(payment, refundShortfall(payment)).filter(Boolean).join(' ') : ''}
      confirmLabel={confirmLabel}
      destructive
      busy={busy}
      onCancel={onCancel}
      onConfirm={() => {
        if (payment) onConfirm(payment);
      }}
    />
  );
}
