import type { Queryable } from '../db';
import { ApiError } from '../http/errors';

/**
 * Licence expiry (ADR 046). An account's licence is `users.license_expires_at` of the account owner
 * (a team member works under its owner's licence); null never expires. From that instant on the
 * account's work is refused: routes answer 403 `license_expired` (routeAccess.ts says which stay
 * open), and its background work (autopilots, saved-search alerts, workflows) is not claimed, so
 * nothing runs or charges until the licence is renewed.
 */
export function licenseExpired(expiresAt: Date | null, now: Date): boolean {
  return expiresAt !== null && expiresAt.getTime() <= now.getTime();
}

/** The 403 an expired account's work gets; the expiry instant rides along for the client. */
export function licenseExpiredError(expiresAt: Date): ApiError {
  return new ApiError(403, 'license_expired', { extra: { license_expires_at: expiresAt.toISOString() } });
}

/**
 * SQL condition: the account `userIdSql` names holds a licence valid at `nowSql` (a parameter). For
 * the claim queries of background work, so an expired account's due work is left where it is.
 */
export function licenseValidSql(userIdSql: string, nowSql: string): string {
  return `NOT EXISTS (SELECT 1 FROM users lic WHERE lic.id = ${userIdSql} AND lic.license_expires_at IS NOT NULL AND lic.license_expires_at <= ${nowSql}::timestamptz)`;
}

/** The licence expiry of the account a user works on: its team owner's for a team member. */
export async function accountLicenseExpiry(q: Queryable, userId: number): Promise<Date | null> {
  const { rows } = await q.query<{ expires_at: Date | null }>(
    'SELECT o.license_expires_at AS expires_at FROM users u JOIN users o ON o.id = COALESCE(u.team_owner_id, u.id) WHERE u.id = $1',
    [userId],
  );
  return rows[0]?.expires_at ?? null;
}
