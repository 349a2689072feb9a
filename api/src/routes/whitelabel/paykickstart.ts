import { randomBytes } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db';
import { Empty, MessageProperties, Nullable, Type } from '../../http/contract';
import type { AppDeps } from '../../http/context';
import { ApiError, unprocessable } from '../../http/errors';
import { ipnEventId, ipnObject, parseIpnForm, verifyIpn } from '../../providers/paykickstart/ipn';
import { PAYKICKSTART_IPN } from '../../workers/paykickstartIpn';
import { say } from '../respond';
import { resellerGuard, resellerIdOf } from '../../modules/whitelabel/common';
import { openSecret, sealSecret } from '../../modules/whitelabel/smtp.service';

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

interface Row {
  ipn_token: string;
  secret_sealed: string;
  campaign_id: string | null;
  connected_at: Date;
}

async function rowOf(q: Queryable, owner: number): Promise<Row | undefined> {
  return (
    await q.query<Row>(
      'SELECT ipn_token, secret_sealed, campaign_id, connected_at FROM whitelabel_paykickstart WHERE owner_id = $1',
      [owner],
    )
  ).rows[0];
}

export const IPN_PATH = '/api/paykickstart/ipn';

export function paykickstartRoutes(api: FastifyInstance, { db, clock, config, queue }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = resellerGuard(api);

  const settingsOf = async (owner: number, origin: string) => {
    const row = await rowOf(db, owner);
    const products = (
      await db.query<{ product_id: string; package_id: number }>(
        'SELECT product_id, package_id FROM whitelabel_paykickstart_products WHERE owner_id = $1 ORDER BY product_id',
        [owner],
      )
    ).rows;
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
      const now = clock.now();
      await db.transaction(async (tx) => {
        const row = await rowOf(tx, owner);
        if (!row && !body.secret_key) throw unprocessable('validation.required', 'secret_key');
        const seen = new Set<string>();
        for (const [i, p] of body.products.entries()) {
          if (seen.has(p.product_id))
            throw unprocessable('billing.paykickstart_product_twice', `products.${i}.product_id`);
          seen.add(p.product_id);
          const own = await tx.query('SELECT 1 FROM whitelabel_packages WHERE id = $1 AND owner_id = $2', [
            p.package_id,
            owner,
          ]);
          if (!own.rows[0]) throw unprocessable('whitelabel.package_unknown', `products.${i}.package_id`);
        }
        const sealed = body.secret_key ? sealSecret(config.appSecret, body.secret_key) : row!.secret_sealed;
        await tx.query(
          `INSERT INTO whitelabel_paykickstart (owner_id, ipn_token, secret_sealed, campaign_id, connected_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)
           ON CONFLICT (owner_id) DO UPDATE SET secret_sealed = EXCLUDED.secret_sealed, campaign_id = EXCLUDED.campaign_id, updated_at = EXCLUDED.updated_at`,
          [
            owner,
            randomBytes(24).toString('base64url'),
            sealed,
            body.campaign_id === undefined ? (row?.campaign_id ?? null) : body.campaign_id || null,
            now,
          ],
        );
        await tx.query('DELETE FROM whitelabel_paykickstart_products WHERE owner_id = $1', [owner]);
        for (const p of body.products)
          await tx.query(
            'INSERT INTO whitelabel_paykickstart_products (owner_id, product_id, package_id) VALUES ($1, $2, $3)',
            [owner, p.product_id, p.package_id],
          );
      });
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
      await db.query('DELETE FROM whitelabel_paykickstart WHERE owner_id = $1', [owner]);
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
        const account = (
          await db.query<{ owner_id: number; secret_sealed: string }>(
            'SELECT owner_id, secret_sealed FROM whitelabel_paykickstart WHERE ipn_token = $1',
            [request.params.token],
          )
        ).rows[0];
        if (!account) throw new ApiError(404, 'not_found');
        const fields = parseIpnForm(request.body);
        if (!verifyIpn(fields, openSecret(config.appSecret, account.secret_sealed)))
          throw new ApiError(401, 'billing.ipn_unverified', { field: 'verification_code' });
        const ipn = ipnObject(fields);
        const eventId = ipnEventId(ipn);
        if (!eventId) throw unprocessable('validation.required', 'event');
        const stored = await db.transaction(async (tx) => {
          const inserted = await tx.query(
            `INSERT INTO payment_events (provider, event_id, type, payload, received_at, owner_id) VALUES ('paykickstart', $1, $2, $3::jsonb, $4, $5)
             ON CONFLICT (provider, event_id) DO NOTHING RETURNING event_id`,
            [eventId, ipn.event as string, JSON.stringify(ipn), clock.now(), account.owner_id],
          );
          if (inserted.rowCount === 0) return false;
          await queue.send(PAYKICKSTART_IPN, { eventId }, { tx });
          return true;
        });
        return { received: true, duplicate: !stored };
      },
    );
  });
}
