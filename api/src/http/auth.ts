import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { bearerToken, hashToken } from '../auth/tokens';
import { parseLanguageHeader, type Language } from '../i18n/messages';
import type { ModuleSlug, Role, UserType } from '../users/users';
import { modulesForRole } from '../users/roles';
import type { Db } from '../db';
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
  impersonator_id: number | null;
  license_expires_at: Date | null;
}

/** Don't write last_used_at on every request; once a minute is precise enough. */
const LAST_USED_GRANULARITY_MS = 60_000;

/** Signed-in tokens remembered between requests: the token lookup was a third of a list request's database time. */
const SIGN_IN_CACHE_MAX = 10_000;
interface CachedSignIn {
  row: TokenRow;
  expiresAt: Date;
  generation: number;
}
const signInCache = new WeakMap<Db, Map<string, CachedSignIn>>();

/**
 * The token's row, from the cache while no write to the auth tables (tokens, users, modules) has
 * happened since it was read. Only with PGlite: its data belongs to this process, so the write
 * counter sees every change (db/writeWatch.ts); with PostgreSQL other processes may revoke a token.
 */
async function tokenRow(db: Db, tokenHash: string, now: Date): Promise<TokenRow | null> {
  const generation = db.kind === 'pglite' ? db.generation?.('auth') : undefined;
  let cache = generation === undefined ? undefined : signInCache.get(db);
  const hit = cache?.get(tokenHash);
  if (hit && hit.generation === generation && hit.expiresAt > now) return hit.row;
  const { rows } = await db.query<TokenRow & { expires_at: Date }>(
    `SELECT t.id AS token_id, t.last_used_at, t.expires_at, t.impersonator_id, u.id AS user_id, u.email, u.role, u.user_type, u.lang,
            (SELECT o.license_expires_at FROM users o WHERE o.id = COALESCE(u.team_owner_id, u.id)) AS license_expires_at,
            COALESCE((SELECT json_agg(m.slug ORDER BY m.id) FROM user_held_modules um JOIN modules m ON m.id = um.module_id
                      WHERE um.user_id = u.id), '[]'::json) AS modules
       FROM auth_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.expires_at > $2 AND u.deleted_at IS NULL`,
    [tokenHash, now],
  );
  const found = rows[0];
  if (!found) return null;
  const { expires_at: expiresAt, ...row } = found;
  if (generation !== undefined && db.generation?.('auth') === generation) {
    if (!cache) signInCache.set(db, (cache = new Map()));
    if (cache.size >= SIGN_IN_CACHE_MAX) cache.clear();
    cache.set(tokenHash, { row, expiresAt, generation });
  }
  return row;
}

/** The user behind the request's bearer token, or null (no/unknown/expired/revoked token, deleted user). */
export async function resolveUser(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  request: FastifyRequest,
): Promise<AuthUser | null> {
  const token = bearerToken(request.headers.authorization);
  if (!token) return null;
  const now = clock.now();
  const row = await tokenRow(db, hashToken(token), now);
  if (!row) return null;
  if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() >= LAST_USED_GRANULARITY_MS) {
    // A write to auth_tokens: it also retires the cached row, so the next request reads the new time.
    await db.query('UPDATE auth_tokens SET last_used_at = $2 WHERE id = $1', [row.token_id, now]);
  }
  return {
    id: row.user_id,
    email: row.email,
    role: row.role,
    userType: row.user_type,
    lang: row.lang,
    modules: modulesForRole(row.role, row.modules),
    tokenId: row.token_id,
    impersonatorId: row.impersonator_id,
    licenseExpiresAt: row.license_expires_at,
  };
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
