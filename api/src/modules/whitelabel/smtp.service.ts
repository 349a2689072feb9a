import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db';
import { unprocessable } from '../../http/errors';
import { checkOutboundHost, outboundSmtpSocket } from '../../net/outbound';
import { APP_PASSWORD_LENGTH, appPasswordOf, needsAppPassword } from '@leadsmith/shared/constants';
import { upsertSmtp, type SmtpEncryption, type SmtpRow } from './smtp.repository';

/** The SMTP password is stored encrypted (AES-256-GCM under APP_SECRET). */
function key(secret: string): Buffer {
  return createHash('sha256').update(`whitelabel-smtp:${secret}`).digest();
}
export function sealSecret(secret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(secret), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64')).join('.');
}
export function openSecret(secret: string, sealed: string): string {
  const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64'));
  const decipher = createDecipheriv('aes-256-gcm', key(secret), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8');
}

/** The SMTP settings form. */
export interface SmtpInput {
  host: string;
  port: number;
  username?: string | null;
  password?: string | null;
  encryption: SmtpEncryption;
  from_email: string;
  support_email: string;
}

/**
 * Saves the reseller's SMTP settings: the password sealed (absent or null keeps the stored one, '' clears it),
 * an app password where the mail service takes only those, a host that is a private address refused.
 */
export async function saveSmtpSettings(
  q: Queryable,
  appSecret: string,
  owner: number,
  b: SmtpInput,
  now: Date,
): Promise<SmtpRow> {
  // Spec §9: a mail service that takes only app passwords (Gmail, Yahoo, iCloud) gets one of 16 characters,
  // stored without the spaces it is shown with; another password there would only fail at the first send.
  let given = b.password;
  if (given && needsAppPassword(b.host)) {
    const app = appPasswordOf(given);
    if (app === null)
      throw unprocessable('whitelabel.smtp_app_password', 'password', {
        host: b.host.trim().toLowerCase(),
        length: APP_PASSWORD_LENGTH,
      });
    given = app;
  }
  // The same check as every user-given address; the send checks again at connect time.
  if ((await checkOutboundHost(b.host.trim())) === 'private_address')
    throw unprocessable('settings.address_refused', 'host');
  const password =
    given === undefined || given === null ? undefined : given === '' ? null : sealSecret(appSecret, given);
  return upsertSmtp(
    q,
    owner,
    {
      host: b.host.trim(),
      port: b.port,
      username: b.username?.trim() || null,
      password,
      encryption: b.encryption,
      from_email: b.from_email.trim().toLowerCase(),
      support_email: b.support_email.trim().toLowerCase(),
    },
    now,
  );
}

export interface ResellerEmail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Shown as the sender's name beside the reseller's from address (its brand). */
  fromName?: string | null;
  messageId?: string;
}

/**
 * Sends through the reseller's own SMTP server (nodemailer), the connection opened by the outbound
 * guard (api/src/net/outbound.ts): a host that is or resolves to a private address is refused
 * before any byte is sent. Throws when the server refuses; callers show one generic text.
 */
export async function sendWithResellerSmtp(row: SmtpRow, appSecret: string, email: ResellerEmail): Promise<void> {
  // The repo's nodemailer typing (src/types) covers URL transports only; this uses the options form.
  const nodemailer = (await import('nodemailer')) as unknown as {
    createTransport(options: object): { sendMail(message: object): Promise<unknown>; close(): void };
  };
  const transport = nodemailer.createTransport({
    host: row.host,
    port: row.port,
    secure: row.encryption === 'ssl',
    requireTLS: row.encryption === 'tls',
    ignoreTLS: row.encryption === 'none',
    auth: row.username
      ? { user: row.username, pass: row.password ? openSecret(appSecret, row.password) : '' }
      : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 15_000,
    getSocket: outboundSmtpSocket,
  });
  try {
    await transport.sendMail({
      from: email.fromName ? { name: email.fromName, address: row.from_email } : row.from_email,
      replyTo: row.support_email,
      to: email.to,
      subject: email.subject,
      text: email.text,
      ...(email.html ? { html: email.html } : {}),
      ...(email.messageId ? { messageId: email.messageId } : {}),
    });
  } finally {
    transport.close();
  }
}
