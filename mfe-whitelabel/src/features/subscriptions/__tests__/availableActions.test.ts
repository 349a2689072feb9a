import { availableActions, confirmKey } from '../api/subscriptionAction';
import type { Subscription } from '../api/listSubscriptions';

const base: Subscription = {
  id: 1,
  customer_id: 2,
  customer_name: 'Bea Buyer',
  email: 'bea@buyer.test',
  username: 'bea',
  package_id: 3,
  plan_name: 'Growth',
  additional_credits: 0,
  welcome_email: false,
  status: 'active',
  managed_by: 'manual',
  billing_provider: 'sandbox',
  source: 'reseller',
  cancel_at_period_end: false,
  current_period_end: '2026-12-01T00:00:00.000Z',
  canceled_at: null,
  refundable: false,
  created_at: '2026-11-01T00:00:00.000Z',
};

describe('availableActions (spec §4 subscription transitions)', () => {
  it('an active manual subscription can only be cancelled', () => expect(availableActions(base)).toEqual(['cancel']));
  it('a provider-managed one with a payment can also be refunded and restored', () =>
    expect(availableActions({ ...base, managed_by: 'provider', refundable: true })).toEqual([
      'cancel',
      'refund',
      'restore',
    ]));
  it('one cancelled at period end can be reactivated, not cancelled again', () =>
    expect(availableActions({ ...base, cancel_at_period_end: true })).toEqual(['reactivate']));
  it('a cancelled one can only be reactivated', () =>
    expect(availableActions({ ...base, status: 'canceled' })).toEqual(['reactivate']));
  it('one billed by Stripe is restored only while a cancellation at period end can be taken back', () => {
    const stripe = { ...base, managed_by: 'provider' as const, billing_provider: 'stripe' as const, refundable: true };
    expect(availableActions(stripe)).toEqual(['cancel', 'refund']);
    expect(availableActions({ ...stripe, cancel_at_period_end: true })).toEqual(['refund', 'restore', 'reactivate']);
    expect(availableActions({ ...stripe, status: 'canceled', refundable: false })).toEqual(['reactivate']);
  });
  it('restoring one billed by Stripe is worded as taking back its cancellation there', () => {
    expect(confirmKey({ ...base, billing_provider: 'stripe', cancel_at_period_end: true }, 'restore')).toBe(
      'restoreStripe',
    );
    expect(confirmKey({ ...base, managed_by: 'provider' }, 'restore')).toBe('restore');
    expect(confirmKey({ ...base, billing_provider: 'stripe' }, 'cancel')).toBe('cancel');
  });
});
