import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Message, MessageProperties, Nullable, StringEnum, Timestamp, Type } from '../../http/contract';
import { say } from '../../http/respond';
import { requestAccountId } from './account.routes';
import {
  authorizationUrl,
  connectZapier,
  CRM_NAMES,
  CRM_PROVIDERS,
  crmConnections,
  crmFieldMaps,
  disconnectCrm,
  finishConnection,
  LEAD_FIELDS,
  saveCrmFieldMaps,
  setCrmSharing,
} from './crm.service';

/** Where the CRM sends the user back: PUBLIC_URL when set, else the address the browser used. */
function callbackUrl(request: FastifyRequest): string {
  const base = process.env.PUBLIC_URL?.trim() || `${request.protocol}://${request.headers.host ?? 'localhost'}`;
  return `${base.replace(/\/$/, '')}/crm/callback`;
}

const providerParams = Type.Object({ provider: StringEnum(CRM_PROVIDERS) }, { additionalProperties: false });

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
const SharingBody = Type.Object({ share_with_related: Type.Boolean() }, { additionalProperties: false });
const SharingSaved = Type.Object({ ...MessageProperties, share_with_related: Type.Boolean() });
const Connected = Type.Object({ ...MessageProperties, provider: StringEnum(CRM_PROVIDERS) });
const FieldMaps = Type.Object({
  leadFields: Type.Array(StringEnum(LEAD_FIELDS)),
  data: Type.Array(Type.Object({ lead_field: Type.String(), crm_field: Type.String() })),
});

/** CRM connections (spec §2 integration/crm, crm-fields; /crm/callback is the return point). */
export function crmRoutes(api: FastifyInstance, { db, clock, config: appConfig }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = { onRequest: app.requireAuth };

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
      return crmConnections(db, accountId);
    },
  );

  /** The parent's choice: its related accounts may send through its CRM connections (ADR 053). */
  app.put(
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
      const share = request.body.share_with_related;
      await setCrmSharing({ db, clock }, accountId, share);
      return {
        ...say(request, share ? 'settings.crm_sharing_saved' : 'settings.crm_sharing_stopped'),
        share_with_related: share,
      };
    },
  );

  /** Starts a connection: answers the CRM's authorisation URL with a one-time state. */
  app.post(
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
      const accountId = await requestAccountId(db, request);
      const deps = { db, clock, appSecret: appConfig.appSecret };
      return { url: await authorizationUrl(deps, accountId, request.params.provider, callbackUrl(request)) };
    },
  );

  /**
   * The return from /crm/callback: checks the state (once), exchanges the code for the CRM's tokens
   * (no transaction is held during the call) and stores the connection with the tokens sealed.
   */
  app.post(
    '/api/crm/connections/callback',
    {
      ...guard,
      schema: {
        summary: 'Finish connecting a CRM with the code its authorisation page returned',
        body: Type.Object(
          {
            code: Type.String({ minLength: 1, maxLength: 2000 }),
            state: Type.String({ minLength: 1, maxLength: 200 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: Connected },
      },
    },
    async (request) => {
      const accountId = await requestAccountId(db, request);
      const deps = { db, clock, appSecret: appConfig.appSecret };
      const provider = await finishConnection(deps, accountId, request.body, callbackUrl(request));
      return { ...say(request, 'settings.crm_connected', { name: CRM_NAMES[provider] }), provider };
    },
  );

  /** Zapier (a webhook-style CRM): the URL of the user's "Catch Hook" trigger, checked like every outbound URL. */
  app.put(
    '/api/crm/connections/zapier/webhook',
    {
      ...guard,
      schema: {
        summary: "Connect Zapier with your Catch Hook's URL",
        body: Type.Object({ url: Type.String({ minLength: 1, maxLength: 2000 }) }, { additionalProperties: false }),
        response: { 200: Connected },
      },
    },
    async (request) => {
      const accountId = await requestAccountId(db, request);
      await connectZapier({ db, clock }, accountId, request.body.url);
      return { ...say(request, 'settings.crm_connected', { name: CRM_NAMES.zapier }), provider: 'zapier' as const };
    },
  );

  app.delete(
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
      await disconnectCrm(db, accountId, provider);
      return say(request, 'settings.crm_disconnected', { name: CRM_NAMES[provider] });
    },
  );

  app.get(
    '/api/crm/fields/:provider',
    {
      ...guard,
      schema: { summary: "A connected CRM's field map", params: providerParams, response: { 200: FieldMaps } },
    },
    async (request) => {
      const accountId = await requestAccountId(db, request);
      const { provider } = request.params;
      const rows = await crmFieldMaps(db, accountId, provider);
      return { leadFields: [...LEAD_FIELDS], data: rows };
    },
  );

  app.put(
    '/api/crm/fields/:provider',
    {
      ...guard,
      schema: {
        summary: "Replace a connected CRM's field map",
        response: { 200: Message },
        params: providerParams,
        body: Type.Object(
          {
            mappings: Type.Array(
              Type.Object(
                { lead_field: StringEnum(LEAD_FIELDS), crm_field: Type.String({ maxLength: 100 }) },
                { additionalProperties: false },
              ),
              { maxItems: LEAD_FIELDS.length },
            ),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request) => {
      const accountId = await requestAccountId(db, request);
      const { provider } = request.params;
      await saveCrmFieldMaps(db, accountId, provider, request.body.mappings);
      return say(request, 'settings.crm_fields_saved');
    },
  );
}
