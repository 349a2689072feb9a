import type { Queryable } from '../../db';

export type SmtpEncryption = 'none' | 'ssl' | 'tls';

/** Spec §3 SMTP settings. The password never leaves the server (has_password says whether one is set). */
export interface SmtpSettings {
  host: string;
  port: number;
  username: string | null;
  encryption: SmtpEncryption;
  from_email: string;
  support_email: string;
  has_password: boolean;
  updated_at: Date;
}

export interface SmtpRow extends Omit<SmtpSettings, 'has_password'> {
  password: string | null;
}

const COLUMNS = 'host, port, username, password, encryption, from_email, support_email, updated_at';

export async function smtpRowOf(q: Queryable, ownerId: number): Promise<SmtpRow | null> {
  const { rows } = await q.query<SmtpRow>(`SELECT ${COLUMNS} FROM whitelabel_smtp WHERE owner_id = $1`, [ownerId]);
  return rows[0] ?? null;
}

/** The settings to store; `password` undefined keeps the stored one, null clears it, else it is the sealed password. */
export interface SmtpValues {
  host: string;
  port: number;
  username: string | null;
  password: string | null | undefined;
  encryption: SmtpEncryption;
  from_email: string;
  support_email: string;
}

export async function upsertSmtp(q: Queryable, ownerId: number, v: SmtpValues, now: Date): Promise<SmtpRow> {
  const { rows } = await q.query<SmtpRow>(
    `INSERT INTO whitelabel_smtp (owner_id, host, port, username, password, encryption, from_email, support_email, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (owner_id) DO UPDATE SET host = EXCLUDED.host, port = EXCLUDED.port, username = EXCLUDED.username,
           password = CASE WHEN $10::boolean THEN whitelabel_smtp.password ELSE EXCLUDED.password END,
           encryption = EXCLUDED.encryption, from_email = EXCLUDED.from_email, support_email = EXCLUDED.support_email, updated_at = EXCLUDED.updated_at
         RETURNING ${COLUMNS}`,
    [
      ownerId,
      v.host,
      v.port,
      v.username,
      v.password ?? null,
      v.encryption,
      v.from_email,
      v.support_email,
      now,
      v.password === undefined,
    ],
  );
  return rows[0]!;
}
