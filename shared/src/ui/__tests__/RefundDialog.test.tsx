import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing';
import { RefundDialog, refundShortfall } from '../RefundDialog';

const describe_ = (p: { credits: number }, shortfall: number) => [
  `${p.credits} credits leave the wallet.`,
  shortfall > 0 ? `${shortfall} were already spent.` : null,
];

describe('RefundDialog: the one refund confirmation of the payments report and the credit purchases', () => {
  it('counts as spent only the credits the wallet no longer holds', () => {
    expect(refundShortfall({ credits: 50, wallet_additional: 20 })).toBe(30);
    expect(refundShortfall({ credits: 50, wallet_additional: 80 })).toBe(0);
  });

  it('says what leaves the wallet and what was spent, then hands the payment to the confirm; nothing opens without a payment', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    const view = renderWithProviders(
      <RefundDialog
        payment={null}
        title="Refund this payment?"
        describe={describe_}
        confirmLabel="Refund"
        busy={false}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    const spent = { id: 7, credits: 50, wallet_additional: 20 };
    view.rerender(
      <RefundDialog
        payment={spent}
        title="Refund this payment?"
        describe={describe_}
        confirmLabel="Refund"
        busy={false}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Refund this payment?' });
    expect(dialog).toHaveTextContent('50 credits leave the wallet. 30 were already spent.');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(onConfirm).toHaveBeenCalledWith(spent);

    view.rerender(
      <RefundDialog
        payment={{ id: 8, credits: 10, wallet_additional: 10 }}
        title="Refund this payment?"
        describe={describe_}
        confirmLabel="Refund"
        busy={false}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    const unspent = await screen.findByRole('alertdialog');
    expect(unspent).toHaveTextContent('10 credits leave the wallet.');
    expect(unspent).not.toHaveTextContent('already spent');
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });
});
