import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * CRM tokens are stored encrypted at rest (AES-256-GCM under a key derived from APP_SECRET), so a
 * copy of the database alone does not hand out working CRM credentials. No endpoint returns them.
 */
const keyOf = (secret: string) => createHash('sha256').update(`leadsmith:crm-tokens:${secret}`).digest();

export function sealToken(secret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1.${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${sealed.toString('base64url')}`;
}

/** The token, or null when the text was sealed under another secret or altered. */
export function openToken(secret: string, sealed: string | null): string | null {
  if (!sealed) return null;
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
