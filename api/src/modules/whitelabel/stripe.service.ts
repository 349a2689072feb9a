import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db';
import { unprocessable } from '../../http/errors';
import type { stripeClient } from '../../providers/payments';
import {
  connectAccount,
  paymentAccountOf,
  saveConnectState,
  savePendingAccount,
  userEmailOf,
} from './stripe.repository';

type Stripe = ReturnType<typeof stripeClient>;

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Starts the connection: the URL to send the browser to. With Stripe, the reseller's Express account is
 * made once (idempotency key per reseller) and the answer is Stripe's onboarding (an Account Link whose
 * return URL carries the account id and our state); without Stripe keys, the sandbox callback.
 */
export async function startConnect(
  db: Db,
  stripe: Stripe | null,
  owner: number,
  redirectUri: string,
  now: Date,
): Promise<{ url: string; mode: 'sandbox' | 'live' }> {
  const state = randomBytes(16).toString('hex');
  await saveConnectState(db, owner, state, now);
  const redirect = new URL(redirectUri);
  if (!stripe) {
    redirect.searchParams.set('code', `sandbox_${randomBytes(8).toString('hex')}`);
    redirect.searchParams.set('state', state);
    return { url: redirect.toString(), mode: 'sandbox' };
  }
  const email = await userEmailOf(db, owner);
  try {
    const account = await stripe.accounts.create(
      { type: 'express', email, metadata: { owner_id: String(owner) } },
      { idempotencyKey: `leadsmith-connect-${owner}` },
    );
    await savePendingAccount(db, owner, account.id);
    redirect.searchParams.set('code', account.id);
    redirect.searchParams.set('state', state);
    const link = await stripe.accountLinks.create({
      account: account.id,
      type: 'account_onboarding',
      return_url: redirect.toString(),
      refresh_url: redirectUri,
    });
    return { url: link.url, mode: 'live' };
  } catch {
    throw unprocessable('whitelabel.stripe_failed', 'redirect_uri');
  }
}

/**
 * Finishes connecting: the state must be the one issued (single use); with Stripe the account must be
 * the one made for this reseller, and onboarded (`details_submitted`).
 */
export async function finishConnect(
  db: Db,
  stripe: Stripe | null,
  owner: number,
  body: { code: string; state: string },
  now: () => Date,
): Promise<void> {
  const row = await paymentAccountOf(db, owner);
  if (!row?.connect_state || !sameText(row.connect_state, body.state))
    throw unprocessable('whitelabel.stripe_state', 'state');
  let accountId: string;
  let mode: 'sandbox' | 'live';
  if (!stripe) {
    if (!body.code.startsWith('sandbox_')) throw unprocessable('whitelabel.stripe_failed', 'code');
    accountId = `acct_sandbox_${body.code.slice(8, 24)}`;
    mode = 'sandbox';
  } else {
    // The account must be the one made for this reseller, and onboarded.
    if (!row.pending_account_id || !sameText(row.pending_account_id, body.code))
      throw unprocessable('whitelabel.stripe_failed', 'code');
    const account = await stripe.accounts.retrieve(body.code).catch(() => null);
    if (!account?.details_submitted) throw unprocessable('whitelabel.stripe_incomplete', 'code');
    accountId = account.id;
    mode = 'live';
  }
  await connectAccount(db, owner, accountId, mode, now());
}
