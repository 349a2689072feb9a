import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { MessageProperties, Nullable, Timestamp, Type } from '../../http/contract';
import type { AppDeps } from '../../http/context';
import { normaliseDomain } from '../core/siteSettings.schemas';
import { say } from '../../http/respond';
import { resellerGuard, resellerIdOf } from './common';
import {
  domainStatusOf,
  isServedDomain,
  txtLookupFromEnv,
  verifyDomain,
  type TxtLookup,
} from './domainVerification.service';

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

  app.get(
    '/api/whitelabel/domain',
    {
      onRequest: guard,
      schema: {
        summary: "The reseller's domain, the TXT record that proves it owns it, and when it was verified",
        response: { 200: Type.Object({ data: DomainStatus }) },
      },
    },
    async (request) => ({ data: (await domainStatusOf(db, await resellerIdOf(db, request))).status }),
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
      const data = await verifyDomain(db, lookup, await resellerIdOf(db, request), () => clock.now());
      return { ...say(request, 'whitelabel.domain_verified', { domain: data.domain }), data };
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
