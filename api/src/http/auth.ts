import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { bearerToken, hashToken } from '../auth/tokens';
import { parseLanguageHeader, type Language } from '../i18n/messages';
import type { ModuleSlug, Role, UserType } from '../users/users';
import type { AppDeps, AuthUser } from './context';
import { forbidden, unauthenticated } from './errors';

interface TokenRow {
  token_id: number;
  user_id: number;
  email: string;
  role: Role;
  user_type: UserType;
  lang: Language;
  modules: ModuleSlug[];
  last_used_at: Date | null;
}

/** Don't write last_used_at on every request; once a minute is precise enough. */
const LAST_USED_GRANULARITY_MS = 60_000;

/** The user behind the request's bearer token, or null (no/unknown/expired/revoked token, deleted user). */
export async function resolveUser({ db, clock }: Pick<AppDeps, 'db' | 'clock'>, request: FastifyRequest): Promise<AuthUser | null> {
  const token = bearerToken(request.headers.authorization);
  if (!token) return null;
  const now = clock.now();
  const { rows } = await db.query<TokenRow>(
    `SELECT t.id AS token_id, t.last_used_at, u.id AS user_id, u.email, u.role, u.user_type, u.lang,
            COALESCE((SELECT json_agg(m.slug ORDER BY m.id) FROM user_modules um JOIN modules m ON m.id = um.module_id
                      WHERE um.user_id = u.id), '[]'::json) AS modules
       FROM auth_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.expires_at > $2 AND u.deleted_at IS NULL`,
    [hashToken(token), now],
  );
  const row = rows[0];
  if (!row) return null;
  if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() >= LAST_USED_GRANULARITY_MS) {
    await db.query('UPDATE auth_tokens SET last_used_at = $2 WHERE id = $1', [row.token_id, now]);
  }
  return { id: row.user_id, email: row.email, role: row.role, userType: row.user_type, lang: row.lang, modules: row.modules, tokenId: row.token_id };
}

function adoptUser(request: FastifyRequest, user: AuthUser): void {
  request.user = user;
  // No User-Language header: answer in the user's own language.
  if (parseLanguageHeader(request.headers['user-language']) === null) request.lang = user.lang;
}

export interface AuthHooks {
  /** onRequest hook: 401 unless a valid token is given. Runs before body parsing and validation. */
  requireAuth: onRequestAsyncHookHandler;
  /** Like requireAuth, but a missing or invalid token just leaves request.user null. */
  optionalAuth: onRequestAsyncHookHandler;
  /** onRequest hook (after requireAuth): 403 unless the user holds the module. */
  requireModule(slug: ModuleSlug): onRequestAsyncHookHandler;
}

export function createAuthHooks(deps: Pick<AppDeps, 'db' | 'clock'>): AuthHooks {
  return {
    async requireAuth(request: FastifyRequest, _reply: FastifyReply) {
      const user = await resolveUser(deps, request);
      if (!user) throw unauthenticated();
      adoptUser(request, user);
    },
    async optionalAuth(request: FastifyRequest, _reply: FastifyReply) {
      const user = await resolveUser(deps, request);
      if (user) adoptUser(request, user);
    },
    requireModule(slug: ModuleSlug) {
      return async (request: FastifyRequest, _reply: FastifyReply) => {
        if (!request.user) throw unauthenticated();
        if (!request.user.modules.includes(slug)) throw forbidden();
      };
    },
  };
}

/** The signed-in user of a route guarded by requireAuth. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}
