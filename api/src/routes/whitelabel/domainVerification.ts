import { Resolver } from 'node:dns/promises';
import { randomBytes } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ConfigError } from '../../configError';
import type { Db } from '../../db';
import { MessageProperties, Nullable, Timestamp, Type } from '../../http/contract';
import type { AppDeps } from '../../http/context';
import { unprocessable } from '../../http/errors';
import { DEFAULT_DOMAIN, normaliseDomain } from '../siteSettings';
import { say } from '../respond';
import { resellerGuard, resellerIdOf } from './common';

/** The TXT record a reseller publishes to prove it owns its domain: `_domain-verify.<domain>` = `domain-verify=<token>`. */
export const TXT_PREFIX = '_domain-verify';
export const txtNameOf = (domain: string) => `${TXT_PREFIX}.${domain}`;
export const txtValueOf = (token: string) => `domain-verify=${token}`;

/** How a TXT look-up is made: node's resolver (real DNS over UDP/TCP), pointed at DOMAIN_CHECK_DNS_SERVERS when set. */
export type TxtLookup = (name: string) => Promise<string[][]>;

/** DOMAIN_CHECK_DNS_SERVERS: `ip[:port]` list (the tests' local DNS server); unset: the system's resolvers. */
export function txtLookupFromEnv(env: NodeJS.ProcessEnv = process.env): TxtLookup {
  const servers = (env.DOMAIN_CHECK_DNS_SERVERS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const s of servers) {
    if (!/^(\[[0-9a-f:]+\]|[0-9.]+)(:\d{1,5})?$/i.test(s))
      throw new ConfigError('DOMAIN_CHECK_DNS_SERVERS', `"${s}" is not an IP address with an optional port`);
  }
  return async (name) => {
    const resolver = new Resolver({ timeout: 3_000, tries: 2 });
    if (servers.length) resolver.setServers(servers);
    return resolver.resolveTxt(name);
  };
}

/** Whether the record is published: one TXT answer (its chunks joined, as RFC 7208 reads long ones) equals the expected value. */
export async function domainHasRecord(lookup: TxtLookup, domain: string, token: string): Promise<boolean> {
  try {
    const answers = await lookup(txtNameOf(domain));
    return answers.some((chunks) => chunks.join('') === txtValueOf(token));
  } catch {
    // NXDOMAIN, no TXT record, a resolver that does not answer: not verified (yet).
    return false;
  }
}

/** Whether the platform serves (and its proxy may get a certificate for) this host: its own domain, or a reseller's verified one. */
export async function isServedDomain(db: Db, rawDomain: string): Promise<boolean> {
  const domain = normaliseDomain(rawDomain);
  if (domain === DEFAULT_DOMAIN) return true;
  const { rows } = await db.query(
    'SELECT 1 FROM business_settings WHERE domain = $1 AND (owner_user_id IS NULL OR domain_verified_at IS NOT NULL)',
    [domain],
  );
  return rows.length > 0;
}

const DomainStatus = Type.Object({
  domain: Type.String(),
  txt_name: Type.String({ description: 'Where the TXT record goes' }),
  txt_value: Type.String({ description: 'What it must hold' }),
  verified_at: Nullable(Timestamp()),
});

/**
 * A reseller's own domain (spec §3 business settings): the TXT record that proves it owns the domain,
 * and the check that looks it up. `GET /api/domains/check` answers the TLS-terminating proxy's
 * on-demand question ("may I get a certificate for this host?") from the same state.
 */
export function domainVerificationRoutes(
  api: FastifyInstance,
  { db, clock }: AppDeps,
  lookup: TxtLookup = txtLookupFromEnv(),
): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = resellerGuard(app);

  /** The reseller's domain with its token (made on first use), or a 422 while there is no business account. */
  async function statusOf(owner: number) {
    const { rows } = await db.query<{
      id: number;
      domain: string;
      domain_token: string | null;
      domain_verified_at: Date | null;
    }>(
      'SELECT id, domain, domain_token, domain_verified_at FROM business_settings WHERE owner_user_id = $1 ORDER BY id LIMIT 1',
      [owner],
    );
    const row = rows[0];
    if (!row) throw unprocessable('whitelabel.sales_needs_account', 'domain');
    let token = row.domain_token;
    if (!token) {
      const made = randomBytes(16).toString('hex');
      // Two first reads at once keep the one token stored first.
      const { rows: kept } = await db.query<{ domain_token: string }>(
        'UPDATE business_settings SET domain_token = COALESCE(domain_token, $2) WHERE id = $1 RETURNING domain_token',
        [row.id, made],
      );
      token = kept[0]!.domain_token;
    }
    return {
      id: row.id,
      token,
      status: {
        domain: row.domain,
        txt_name: txtNameOf(row.domain),
        txt_value: txtValueOf(token),
        verified_at: row.domain_verified_at,
      },
    };
  }

  app.get(
    '/api/whitelabel/domain',
    {
      onRequest: guard,
      schema: {
        summary: "The reseller's domain, the TXT record that proves it owns it, and when it was verified",
        response: { 200: Type.Object({ data: DomainStatus }) },
      },
    },
    async (request) => ({ data: (await statusOf(await resellerIdOf(db, request))).status }),
  );

  app.post(
    '/api/whitelabel/domain/verify',
    {
      onRequest: guard,
      schema: {
        summary: 'Looks the TXT record up in DNS; verified when it holds the value (422 naming `domain` otherwise)',
        body: Type.Object({}, { additionalProperties: false }),
        response: { 200: Type.Object({ ...MessageProperties, data: DomainStatus }) },
      },
    },
    async (request) => {
      const { id, token, status } = await statusOf(await resellerIdOf(db, request));
      // The DNS look-up runs with no transaction open.
      if (!(await domainHasRecord(lookup, status.domain, token)))
        throw unprocessable('whitelabel.domain_unverified', 'domain', { name: status.txt_name });
      const now = clock.now();
      // Only if the domain is still the one looked up (a concurrent change of domain resets the check).
      await db.query('UPDATE business_settings SET domain_verified_at = $3 WHERE id = $1 AND domain = $2', [
        id,
        status.domain,
        now,
      ]);
      return {
        ...say(request, 'whitelabel.domain_verified', { domain: status.domain }),
        data: { ...status, verified_at: now },
      };
    },
  );

  app.get(
    '/api/domains/check',
    {
      schema: {
        summary:
          "For the TLS proxy's on-demand certificates: 200 when the platform serves this host (its own, or a reseller's verified domain), 404 otherwise",
        querystring: Type.Object(
          { domain: Type.String({ minLength: 1, maxLength: 253 }) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ domain: Type.String(), served: Type.Boolean() }),
          404: Type.Object({
            code: Type.String(),
            message: Type.String(),
            domain: Type.String(),
            served: Type.Boolean(),
          }),
        },
      },
    },
    async (request, reply) => {
      const domain = normaliseDomain(request.query.domain);
      if (!(await isServedDomain(db, domain)))
        return reply
          .code(404)
          .send({ ...say(request, 'whitelabel.domain_not_served', { domain }), domain, served: false });
      return { domain, served: true };
    },
  );
}
