import type { Clock } from '../clock';
import type { Queryable } from '../db';
import { sendTemplatedMail, type MailDeps } from '../mail/templatedMail';
import { CODE_TTL_MINUTES, issueCode, type CodePurpose } from './codes';

/**
 * Issues an account code (email confirmation or password reset) and queues its email in the
 * caller's transaction. One path for every sign-up: /auth/register, the resend route, and a
 * reseller's sales page, whose buyer confirms the address on the same confirm-email screen.
 */
export async function sendAccountCode(
  tx: Queryable,
  deps: MailDeps & { clock: Clock; config: MailDeps['config'] & { appSecret: string } },
  code: { accountId: number; email: string; purpose: CodePurpose; domain: string },
): Promise<void> {
  const value = await issueCode(tx, deps.config.appSecret, code.accountId, code.purpose, deps.clock.now());
  await sendTemplatedMail(tx, deps, {
    kind: code.purpose === 'confirm_email' ? 'email_confirmation' : 'password_reset',
    userId: code.accountId,
    to: code.email,
    domain: code.domain,
    vars: { code: value, minutes: CODE_TTL_MINUTES },
  });
}
