import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Empty, MessageProperties, Nullable, Type } from '../../http/contract';
import type { AppDeps } from '../../http/context';
import { ApiError, unprocessable } from '../../http/errors';
import { ipnEventId, ipnObject, parseIpnForm, verifyIpn } from '../../providers/paykickstart/ipn';
import { say } from '../../http/respond';
import { resellerGuard, resellerIdOf } from './common';
import {
  deletePaykickstart,
  paykickstartByToken,
  paykickstartOf,
  paykickstartProductsOf,
} from './paykickstart.repository';
import { savePaykickstart, storeIpnEvent } from './paykickstart.service';
import { openSecret } from './smtp.service';

/**
 * PayKickstart, the second billing type (spec §3 Billing): the reseller pastes its campaign's IPN
 * secret key and maps PayKickstart products to its packages; PayKickstart posts each event to the
 * reseller's own IPN URL. A verified event is stored by its id and applied once on the queue
 * (workers/paykickstartIpn.ts); a replay answers 200 and changes nothing.
 */

const Product = Type.Object({
  product_id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
  package_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
});

const Settings = Type.Object({
  connected: Type.Boolean(),
  campaign_id: Nullable(Type.String()),
  ipn_url: Nullable(Type.String({ description: 'Paste into the IPN URL field of each PayKickstart product.' })),
  products: Type.Array(Product),
  connected_at: Nullable(Type.String({ format: 'date-time' })),
});

const SaveBody = Type.Object(
  {
    secret_key: Type.Optional(
      Type.String({
        minLength: 8,
        maxLength: 200,
        description: "The campaign's IPN secret key; leave out to keep the saved one.",
      }),
    ),
    campaign_id: Type.Optional(Nullable(Type.String({ maxLength: 64, pattern: '^[A-Za-z0-9_-]*$' }))),
    products: Type.Array(Product, { maxItems: 50, default: [] }),
  },
  { additionalProperties: false },
);

export const IPN_PATH = '/api/paykickstart/ipn';

export function paykickstartRoutes(api: FastifyInstance, { db, clock, config, queue }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = resellerGuard(api);

  const settingsOf = async (owner: number, origin: string) => {
    const row = await paykickstartOf(db, owner);
    const products = await paykickstartProductsOf(db, owner);
    return {
      connected: Boolean(row),
      campaign_id: row?.campaign_id ?? null,
      ipn_url: row ? `${origin}${IPN_PATH}/${row.ipn_token}` : null,
      products,
      connected_at: row ? row.connected_at.toISOString() : null,
    };
  };
  const originOf = (request: { protocol: string; headers: { host?: string } }) =>
    `${request.protocol}://${request.headers.host ?? 'localhost'}`;

  app.get(
    '/api/whitelabel/paykickstart',
    {
      onRequest: guard,
      schema: {
        summary: 'Your PayKickstart connection: IPN URL and product mapping',
        querystring: Empty,
        response: { 200: Type.Object({ data: Settings }) },
      },
    },
    async (request) => ({ data: await settingsOf(await resellerIdOf(db, request), originOf(request)) }),
  );

  app.put(
    '/api/whitelabel/paykickstart',
    {
      onRequest: guard,
      schema: {
        summary: 'Connect PayKickstart (IPN secret key) and map its products to your packages',
        body: SaveBody,
        response: { 200: Type.Object({ ...MessageProperties, data: Settings }) },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      const body = request.body;
      await savePaykickstart(db, config.appSecret, owner, body, clock.now());
      return { ...say(request, 'billing.paykickstart_saved'), data: await settingsOf(owner, originOf(request)) };
    },
  );

  app.delete(
    '/api/whitelabel/paykickstart',
    {
      onRequest: guard,
      schema: {
        summary: 'Disconnect PayKickstart (its IPNs are refused from now on)',
        response: { 200: Type.Object({ ...MessageProperties, data: Settings }) },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      await deletePaykickstart(db, owner);
      return { ...say(request, 'billing.paykickstart_disconnected'), data: await settingsOf(owner, originOf(request)) };
    },
  );

  void api.register(async (scope) => {
    // PayKickstart posts a form; only this scope reads one, as text, so the fields keep their order for the check.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => {
        done(null, typeof body === 'string' ? body : body.toString('utf8'));
      },
    );
    const ipnRoute = scope.withTypeProvider<TypeBoxTypeProvider>();
    ipnRoute.post(
      `${IPN_PATH}/:token`,
      {
        schema: {
          summary: 'PayKickstart Instant Payment Notification (form POST, verified by its verification_code)',
          params: Type.Object(
            { token: Type.String({ minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) },
            { additionalProperties: false },
          ),
          body: Type.String({ maxLength: 64 * 1024 }),
          response: { 200: Type.Object({ received: Type.Boolean(), duplicate: Type.Boolean() }) },
        },
        config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      },
      async (request) => {
        const account = await paykickstartByToken(db, request.params.token);
        if (!account) throw new ApiError(404, 'not_found');
        const fields = parseIpnForm(request.body);
        if (!verifyIpn(fields, openSecret(config.appSecret, account.secret_sealed)))
          throw new ApiError(401, 'billing.ipn_unverified', { field: 'verification_code' });
        const ipn = ipnObject(fields);
        const eventId = ipnEventId(ipn);
        if (!eventId) throw unprocessable('validation.required', 'event');
        const stored = await storeIpnEvent(db, queue, {
          eventId,
          type: ipn.event as string,
          payload: ipn,
          receivedAt: clock.now(),
          ownerId: account.owner_id,
        });
        return { received: true, duplicate: !stored };
      },
    );
  });
}
