import { createHash, randomBytes } from 'node:crypto';
import { CRM_IDS } from '@leadsmith/shared/constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashToken } from '../../auth/tokens';
import type { AppDeps } from '../../http/context';
import { Message, MessageProperties, Nullable, StringEnum, Timestamp, Type } from '../../http/contract';
import { ApiError, unprocessable, validationError } from '../../http/errors';
import {
  checkCrmUrl,
  crmEndpoints,
  crmKind,
  CrmError,
  exchangeCrmCode,
  hasOwnCrmConnection,
  offeredCrms,
  saveCrmTokens,
  sharingParentOf,
} from '../../providers/crm';
import { openToken, sealToken } from '../../providers/crm/tokenBox';
import { objectSchema } from '../../http/schemas';
import { say } from '../../routes/respond';
import { requestAccountId } from './account.routes';

/** CRM identifiers (spec §1) and their display names. */
export const CRM_PROVIDERS = CRM_IDS;
export type CrmProvider = (typeof CRM_PROVIDERS)[number];
export const CRM_NAMES: Record<CrmProvider, string> = {
  ghl: 'GoHighLevel',
  keap: 'Keap',
  zapier: 'Zapier',
  groove: 'Groove',
  sales_connector: 'Sales Connector',
};

/** Lead fields a user can map to CRM fields. */
export const LEAD_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'company',
  'job_title',
  'website',
  'city',
  'country',
  'linkedin_url',
] as const;

const STATE_TTL_MS = 15 * 60_000;

/** Spec §7: scopes of the first CRM (contacts, locations, custom fields, tags) and the second (full). */
/**
 * PKCE (RFC 7636, S256) where the CRM supports it: the generic OAuth CRMs. GoHighLevel's and Keap's
 * references document no code_challenge, so they get the plain authorization-code flow.
 */
const PKCE: ReadonlySet<CrmProvider> = new Set(['groove', 'sales_connector']);

const DEFAULT_AUTH: Partial<Record<CrmProvider, { url: string; scope: string }>> = {
  ghl: {
    url: 'https://marketplace.gohighlevel.com/oauth/chooselocation',
    scope:
      'contacts.readonly contacts.write locations.readonly locations/customFields.readonly locations/customFields.write locations/tags.readonly locations/tags.write',
  },
  keap: { url: 'https://accounts.infusionsoft.com/app/oauth/authorize', scope: 'full' },
};

interface AuthConfig {
  url: string;
  clientId: string;
  scope: string;
  pkce: boolean;
}

/**
 * Authorisation settings per CRM from the environment: CRM_<ID>_AUTH_URL, CRM_<ID>_CLIENT_ID and
 * CRM_<ID>_SCOPE (e.g. CRM_GHL_CLIENT_ID). GoHighLevel and Keap default to their public OAuth pages;
 * the others need an AUTH_URL. Without a client id a CRM cannot be connected.
 */
export function crmAuthConfig(provider: CrmProvider, env: NodeJS.ProcessEnv = process.env): AuthConfig | null {
  // A webhook-style CRM (Zapier) has no authorisation page: the user pastes a URL instead.
  if (crmKind(provider) === 'webhook') return null;
  const key = provider.toUpperCase();
  const url = env[`CRM_${key}_AUTH_URL`]?.trim() || DEFAULT_AUTH[provider]?.url;
  const clientId = env[`CRM_${key}_CLIENT_ID`]?.trim() || (env.NODE_ENV === 'production' ? '' : 'leadsmith-dev');
  if (!url || !clientId) return null;
  return {
    url,
    clientId,
    scope: env[`CRM_${key}_SCOPE`]?.trim() || DEFAULT_AUTH[provider]?.scope || '',
    pkce: PKCE.has(provider),
  };
}

/** Where the CRM sends the user back: PUBLIC_URL when set, else the address the browser used. */
function callbackUrl(request: FastifyRequest): string {
  const base = process.env.PUBLIC_URL?.trim() || `${request.protocol}://${request.headers.host ?? 'localhost'}`;
  return `${base.replace(/\/$/, '')}/crm/callback`;
}

const providerParams = objectSchema({ provider: { type: 'string', enum: CRM_PROVIDERS } }, ['provider']);

const Connections = Type.Object({
  data: Type.Array(
    Type.Object({
      provider: StringEnum(CRM_PROVIDERS),
      name: Type.String(),
      connected: Type.Boolean(),
      connected_at: Nullable(Timestamp()),
      /** oauth: connect through the CRM's authorisation page; webhook: paste a hook URL. */
      kind: StringEnum(['oauth', 'webhook'] as const),
      /** Where a webhook CRM sends (the host only). */
      target: Nullable(Type.String()),
      /** Configured on this server: OAuth credentials and endpoints, or a webhook CRM. */
      available: Type.Boolean(),
      /** The parent account's connection, shared with this related account (ADR 053): usable, not changeable. */
      shared: Type.Boolean(),
    }),
  ),
  sharing: Type.Object({
    /** This account lets its related accounts use its connections. */
    share_with_related: Type.Boolean(),
    /** This account may share (a related account may not: one level deep). */
    can_share: Type.Boolean(),
    /** The parent account sharing its connections with this one, by name; null when none does. */
    shared_by: Nullable(Type.String()),
  }),
});
const SharingBody = objectSchema({ share_with_related: { type: 'boolean' } }, ['share_with_related']);
const SharingSaved = Type.Object({ ...MessageProperties, share_with_related: Type.Boolean() });
const Connected = Type.Object({ ...MessageProperties, provider: StringEnum(CRM_PROVIDERS) });
const FieldMaps = Type.Object({
  leadFields: Type.Array(StringEnum(LEAD_FIELDS)),
  data: Type.Array(Type.Object({ lead_field: Type.String(), crm_field: Type.String() })),
});

/** CRM connections (spec §2 integration/crm, crm-fields; /crm/callback is the return point). */
export function crmRoutes(app: FastifyInstance, { db, clock, config: appConfig }: AppDeps): void {
  const guard = { onRequest: app.requireAuth };

  async function requireOffered(accountId: number, provider: CrmProvider): Promise<void> {
    if (!(await offeredCrms(db, accountId)).includes(provider))
      throw unprocessable('settings.crm_not_offered', 'provider', { name: CRM_NAMES[provider] });
  }

  /** The account's own sharing setting and whether it may share (a related account may not). */
  async function sharingOf(accountId: number): Promise<{ share: boolean; canShare: boolean }> {
    const { rows } = await db.query<{ share_crm_connections: boolean; role: string }>(
      'SELECT share_crm_connections, role FROM users WHERE id = $1',
      [accountId],
    );
    return { share: rows[0]?.share_crm_connections ?? false, canShare: rows[0]?.role !== 'related' };
  }

  /** The CRMs a sharing parent lends the account and it has no connection of its own to (read-only to it). */
  async function sharedOnly(
    accountId: number,
  ): Promise<{ parent: { id: number; name: string } | null; providers: Map<CrmProvider, string> }> {
    const parent = await sharingParentOf(db, accountId);
    if (!parent) return { parent, providers: new Map() };
    const { rows } = await db.query<{ provider: CrmProvider; connected_at: string }>(
      `SELECT p.provider, p.connected_at FROM settings_crm_connections p
        WHERE p.user_id = $1 AND NOT EXISTS (SELECT 1 FROM settings_crm_connections c WHERE c.user_id = $2 AND c.provider = p.provider)`,
      [parent.id, accountId],
    );
    return { parent, providers: new Map(rows.map((r) => [r.provider, r.connected_at])) };
  }

  /** A related account cannot change the connection its parent shares with it (403, the same for every change). */
  async function refuseShared(accountId: number, provider: CrmProvider): Promise<void> {
    if ((await sharedOnly(accountId)).providers.has(provider)) {
      throw new ApiError(403, 'settings.crm_shared_read_only', {
        field: 'provider',
        params: { name: CRM_NAMES[provider] },
      });
    }
  }

  app.get(
    '/api/crm/connections',
    {
      ...guard,
      schema: {
        summary:
          'Each CRM, whether you are connected (or use the connection your parent account shares) and whether this server offers it',
        response: { 200: Connections },
      },
    },
    async (request) => {
      const accountId = await requestAccountId(db, request);
      const { rows } = await db.query<{ provider: CrmProvider; connected_at: string; webhook_url: string | null }>(
        'SELECT provider, connected_at, webhook_url FROM settings_crm_connections WHERE user_id = $1',
        [accountId],
      );
      // A reseller's customer sees only the CRMs its reseller offers (business settings `crms`).
      const offered = await offeredCrms(db, accountId);
      const own = new Map(rows.map((r) => [r.provider, r.connected_at]));
      // A related account's parent may share its connections (ADR 053): listed as shared where the account has none of its own.
      const shared = await sharedOnly(accountId);
      const connected = new Map([...shared.providers, ...own]);
      const { share, canShare } = await sharingOf(accountId);
      // A webhook CRM shows where it sends (the host only: the path of a hook URL is its secret).
      const targets = new Map(rows.map((r) => [r.provider, r.webhook_url ? new URL(r.webhook_url).host : null]));
      return {
        data: offered.map((provider) => ({
          provider,
          name: CRM_NAMES[provider],
          connected: connected.has(provider),
          connected_at: connected.get(provider) ?? null,
          kind: crmKind(provider),
          target: targets.get(provider) ?? null,
          // OAuth CRMs need their authorisation page and token/API endpoints; a webhook CRM only a URL.
          available:
            crmKind(provider) === 'webhook' || (crmAuthConfig(provider) !== null && crmEndpoints(provider) !== null),
          shared: !own.has(provider) && shared.providers.has(provider),
        })),
        sharing: { share_with_related: share, can_share: canShare, shared_by: shared.parent?.name ?? null },
      };
    },
  );

  /** The parent's choice: its related accounts may send through its CRM connections (ADR 053). */
  app.put<{ Body: { share_with_related: boolean } }>(
    '/api/crm/sharing',
    {
      ...guard,
      schema: {
        summary: 'Let your related accounts use your CRM connections, or stop it',
        body: SharingBody,
        response: { 200: SharingSaved },
      },
    },
    async (request) => {
      const accountId = await requestAccountId(db, request);
      if (!(await sharingOf(accountId)).canShare)
        throw unprocessable('settings.crm_sharing_related', 'share_with_related');
      const share = request.body.share_with_related;
      await db.query('UPDATE users SET share_crm_connections = $2, updated_at = $3 WHERE id = $1', [
        accountId,
        share,
        clock.now(),
      ]);
      return {
        ...say(request, share ? 'settings.crm_sharing_saved' : 'settings.crm_sharing_stopped'),
        share_with_related: share,
      };
    },
  );

  /** Starts a connection: answers the CRM's authorisation URL with a one-time state. */
  app.post<{ Params: { provider: CrmProvider } }>(
    '/api/crm/connections/:provider/authorize',
    {
      ...guard,
      schema: {
        summary: "Start connecting a CRM: its authorisation page's URL",
        params: providerParams,
        response: { 200: Type.Object({ url: Type.String() }) },
      },
    },
    async (request) => {
      const { provider } = request.params;
      const config = crmAuthConfig(provider);
      const accountId = await requestAccountId(db, request);
      await requireOffered(accountId, provider);
      if (!config) throw unprocessable('settings.crm_not_configured', 'provider', { name: CRM_NAMES[provider] });
      const state = randomBytes(24).toString('base64url');
      const now = clock.now();
      await db.query('DELETE FROM settings_crm_states WHERE user_id = $1 AND expires_at < $2', [accountId, now]);
      // The PKCE verifier stays on the server (sealed), the challenge goes to the CRM.
      const verifier = config.pkce ? randomBytes(32).toString('base64url') : null;
      await db.query(
        'INSERT INTO settings_crm_states (state_hash, user_id, provider, expires_at, code_verifier) VALUES ($1, $2, $3, $4, $5)',
        [
          hashToken(state),
          accountId,
          provider,
          new Date(now.getTime() + STATE_TTL_MS),
          verifier ? sealToken(appConfig.appSecret, verifier) : null,
        ],
      );
      const url = new URL(config.url);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', config.clientId);
      url.searchParams.set('redirect_uri', callbackUrl(request));
      if (config.scope) url.searchParams.set('scope', config.scope);
      url.searchParams.set('state', state);
      if (verifier) {
        url.searchParams.set('code_challenge', createHash('sha256').update(verifier).digest('base64url'));
        url.searchParams.set('code_challenge_method', 'S256');
      }
      return { url: url.toString() };
    },
  );

  /**
   * The return from /crm/callback: checks the state (once), exchanges the code for the CRM's tokens
   * (no transaction is held during the call) and stores the connection with the tokens sealed.
   */
  app.post<{ Body: { code: string; state: string } }>(
    '/api/crm/connections/callback',
    {
      ...guard,
      schema: {
        summary: 'Finish connecting a CRM with the code its authorisation page returned',
        body: objectSchema(
          {
            code: { type: 'string', minLength: 1, maxLength: 2000 },
            state: { type: 'string', minLength: 1, maxLength: 200 },
          },
          ['code', 'state'],
        ),
        response: { 200: Connected },
      },
    },
    async (request) => {
      const accountId = await requestAccountId(db, request);
      const now = clock.now();
      const { rows } = await db.query<{ provider: CrmProvider; code_verifier: string | null }>(
        'DELETE FROM settings_crm_states WHERE state_hash = $1 AND user_id = $2 AND expires_at >= $3 RETURNING provider, code_verifier',
        [hashToken(request.body.state), accountId, now],
      );
      const provider = rows[0]?.provider;
      if (!provider) throw unprocessable('settings.crm_state_invalid', 'state');
      await requireOffered(accountId, provider);
      let tokens;
      try {
        const verifier = rows[0]?.code_verifier ? openToken(appConfig.appSecret, rows[0].code_verifier) : null;
        tokens = await exchangeCrmCode(provider, request.body.code, callbackUrl(request), verifier ?? undefined);
      } catch (error) {
        if (!(error instanceof CrmError)) throw error;
        throw new ApiError(422, `settings.crm.${error.code}`, {
          field: 'code',
          params: { name: CRM_NAMES[provider] },
          extra: { detail: error.detail ?? '' },
        });
      }
      await db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO settings_crm_connections (user_id, provider, auth_code_hash, connected_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (user_id, provider) DO UPDATE SET auth_code_hash = EXCLUDED.auth_code_hash, connected_at = EXCLUDED.connected_at, webhook_url = NULL`,
          [accountId, provider, hashToken(request.body.code), now],
        );
        await saveCrmTokens(tx, accountId, provider, tokens, appConfig.appSecret);
      });
      return { ...say(request, 'settings.crm_connected', { name: CRM_NAMES[provider] }), provider };
    },
  );

  /** Zapier (a webhook-style CRM): the URL of the user's "Catch Hook" trigger, checked like every outbound URL. */
  app.put<{ Body: { url: string } }>(
    '/api/crm/connections/zapier/webhook',
    {
      ...guard,
      schema: {
        summary: "Connect Zapier with your Catch Hook's URL",
        body: objectSchema({ url: { type: 'string', minLength: 1, maxLength: 2000 } }, ['url']),
        response: { 200: Connected },
      },
    },
    async (request) => {
      const accountId = await requestAccountId(db, request);
      await requireOffered(accountId, 'zapier');
      const verdict = await checkCrmUrl(request.body.url.trim());
      if (!verdict.ok) {
        if (verdict.reason === 'invalid_url') throw validationError({ field: 'url', code: 'validation.url' });
        throw unprocessable(
          verdict.reason === 'private_address' ? 'settings.address_refused' : 'settings.crm.url_unresolvable',
          'url',
        );
      }
      await db.query(
        `INSERT INTO settings_crm_connections (user_id, provider, webhook_url, connected_at) VALUES ($1, 'zapier', $2, $3)
         ON CONFLICT (user_id, provider) DO UPDATE SET webhook_url = EXCLUDED.webhook_url, connected_at = EXCLUDED.connected_at, updated_at = now()`,
        [accountId, verdict.url.toString(), clock.now()],
      );
      return { ...say(request, 'settings.crm_connected', { name: CRM_NAMES.zapier }), provider: 'zapier' };
    },
  );

  app.delete<{ Params: { provider: CrmProvider } }>(
    '/api/crm/connections/:provider',
    {
      ...guard,
      schema: {
        summary: 'Disconnect a CRM (its field map goes too)',
        params: providerParams,
        response: { 200: Message },
      },
    },
    async (request) => {
      const accountId = await requestAccountId(db, request);
      const { provider } = request.params;
      await refuseShared(accountId, provider);
      await db.transaction(async (tx) => {
        await tx.query('DELETE FROM settings_crm_connections WHERE user_id = $1 AND provider = $2', [
          accountId,
          provider,
        ]);
        await tx.query('DELETE FROM settings_crm_field_maps WHERE user_id = $1 AND provider = $2', [
          accountId,
          provider,
        ]);
      });
      return say(request, 'settings.crm_disconnected', { name: CRM_NAMES[provider] });
    },
  );

  /**
   * Connected by the account itself and offered (a connection to a CRM the reseller no longer offers cannot be
   * used). The field map of a connection the parent shares is the parent's: 403 like every change to it.
   */
  async function requireConnected(accountId: number, provider: CrmProvider): Promise<void> {
    await refuseShared(accountId, provider);
    if (!(await hasOwnCrmConnection(db, accountId, provider)) || !(await offeredCrms(db, accountId)).includes(provider))
      throw unprocessable('settings.crm_not_connected', 'provider', { name: CRM_NAMES[provider] });
  }

  app.get<{ Params: { provider: CrmProvider } }>(
    '/api/crm/fields/:provider',
    {
      ...guard,
      schema: { summary: "A connected CRM's field map", params: providerParams, response: { 200: FieldMaps } },
    },
    async (request) => {
      const accountId = await requestAccountId(db, request);
      const { provider } = request.params;
      await requireConnected(accountId, provider);
      const { rows } = await db.query<{ lead_field: string; crm_field: string }>(
        'SELECT lead_field, crm_field FROM settings_crm_field_maps WHERE user_id = $1 AND provider = $2 ORDER BY lead_field',
        [accountId, provider],
      );
      return { leadFields: LEAD_FIELDS, data: rows };
    },
  );

  app.put<{ Params: { provider: CrmProvider }; Body: { mappings: { lead_field: string; crm_field: string }[] } }>(
    '/api/crm/fields/:provider',
    {
      ...guard,
      schema: {
        summary: "Replace a connected CRM's field map",
        response: { 200: Message },
        params: providerParams,
        body: objectSchema(
          {
            mappings: {
              type: 'array',
              maxItems: LEAD_FIELDS.length,
              items: objectSchema(
                { lead_field: { type: 'string', enum: LEAD_FIELDS }, crm_field: { type: 'string', maxLength: 100 } },
                ['lead_field', 'crm_field'],
              ),
            },
          },
          ['mappings'],
        ),
      },
    },
    async (request) => {
      const accountId = await requestAccountId(db, request);
      const { provider } = request.params;
      await requireConnected(accountId, provider);
      await db.transaction(async (tx) => {
        await tx.query('DELETE FROM settings_crm_field_maps WHERE user_id = $1 AND provider = $2', [
          accountId,
          provider,
        ]);
        const seen = new Set<string>();
        for (const m of request.body.mappings) {
          const crmField = m.crm_field.trim();
          if (!crmField || seen.has(m.lead_field)) continue;
          seen.add(m.lead_field);
          await tx.query(
            'INSERT INTO settings_crm_field_maps (user_id, provider, lead_field, crm_field) VALUES ($1, $2, $3, $4)',
            [accountId, provider, m.lead_field, crmField],
          );
        }
      });
      return say(request, 'settings.crm_fields_saved');
    },
  );
}
