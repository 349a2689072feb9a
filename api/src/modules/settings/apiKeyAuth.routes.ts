import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { modulesForRole } from '../../users/roles';
import { hashToken } from '../../auth/tokens';
import type { AppDeps, AuthUser } from '../../http/context';
import { unauthenticated } from '../../http/errors';
import { parseLanguageHeader, type Language } from '../../i18n/messages';
import type { ModuleSlug, Role, UserType } from '../../users/users';

/** API keys look like `lsk_<43 base64url chars>`; only their sha256 is stored. */
export const API_KEY_PREFIX = 'lsk_';
const API_KEY_PATTERN = /^lsk_[A-Za-z0-9_-]{43}$/;
const LAST_USED_GRANULARITY_MS = 60_000;

/** The key a request carries: `X-Api-Key: lsk_…` or `Authorization: Bearer lsk_…`. */
export function requestApiKey(request: FastifyRequest): string | null {
  const header = request.headers['x-api-key'];
  const direct = Array.isArray(header) ? header[0] : header;
  if (direct && API_KEY_PATTERN.test(direct.trim())) return direct.trim();
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
  return bearer && API_KEY_PATTERN.test(bearer) ? bearer : null;
}

interface KeyRow {
  key_id: number;
  last_used_at: Date | null;
  user_id: number;
  email: string;
  role: Role;
  user_type: UserType;
  lang: Language;
  modules: ModuleSlug[];
  license_expires_at: Date | null;
}

/**
 * onRequest hook for Settings routes: a valid, unrevoked API key authenticates
 * the request as the key's owner; otherwise the normal session token check
 * (app.requireAuth) applies. A revoked or unknown key is a 401 — it never
 * falls back to anything. `request.user.tokenId` is 0 for key requests.
 */
export function apiKeyOrSession(
  app: FastifyInstance,
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
): onRequestAsyncHookHandler {
  return async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    const key = requestApiKey(request);
    if (!key) return app.requireAuth.call(app, request, reply);
    const now = clock.now();
    const { rows } = await db.query<KeyRow>(
      `SELECT k.id AS key_id, k.last_used_at, u.id AS user_id, u.email, u.role, u.user_type, u.lang,
              (SELECT o.license_expires_at FROM users o WHERE o.id = COALESCE(u.team_owner_id, u.id)) AS license_expires_at,
              COALESCE((SELECT json_agg(m.slug ORDER BY m.id) FROM user_held_modules um JOIN modules m ON m.id = um.module_id
                         WHERE um.user_id = u.id), '[]'::json) AS modules
         FROM settings_api_keys k JOIN users u ON u.id = k.user_id
        WHERE k.key_hash = $1 AND k.revoked_at IS NULL AND u.deleted_at IS NULL`,
      [hashToken(key)],
    );
    const row = rows[0];
    if (!row) throw unauthenticated();
    if (!row.last_used_at || now.getTime() - new Date(row.last_used_at).getTime() >= LAST_USED_GRANULARITY_MS) {
      await db.query('UPDATE settings_api_keys SET last_used_at = $2 WHERE id = $1', [row.key_id, now]);
    }
    const user: AuthUser = {
      id: row.user_id,
      email: row.email,
      role: row.role,
      userType: row.user_type,
      lang: row.lang,
      modules: modulesForRole(row.role, row.modules),
      tokenId: 0,
      impersonatorId: null,
      licenseExpiresAt: row.license_expires_at,
    };
    request.user = user;
    if (parseLanguageHeader(request.headers['user-language']) === null) request.lang = user.lang;
  };
}
