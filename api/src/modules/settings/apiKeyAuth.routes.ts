import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { modulesForRole } from '../../users/roles';
import { hashToken } from '../../auth/tokens';
import type { AppDeps, AuthUser } from '../../http/context';
import { unauthenticated } from '../../http/errors';
import { parseLanguageHeader } from '../../i18n/messages';
import { keyOwner, markKeyUsed } from './apiKeys.repository';

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
    const row = await keyOwner(db, hashToken(key));
    if (!row) throw unauthenticated();
    if (!row.last_used_at || now.getTime() - new Date(row.last_used_at).getTime() >= LAST_USED_GRANULARITY_MS) {
      await markKeyUsed(db, row.key_id, now);
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
