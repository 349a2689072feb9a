import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Type } from '../../http/contract';
import { domainSchema } from '../../http/schemas';
import { BRAND_CODE_PATTERN } from '../../users/resellerBrand';
import { SiteSettingsSchema } from './siteSettings.schemas';
import { brandingFor } from './siteSettings.service';

export function siteSettingsRoutes(api: FastifyInstance, { db }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  // Public: the login page needs the branding before anyone is signed in; a signed-in user's token, when
  // sent, decides for a reseller's customer on the platform's domain.
  app.post(
    '/api/site-settings',
    {
      onRequest: app.optionalAuth,
      schema: {
        summary:
          "A domain's branding (public: the login page needs it); a reseller's brand for its customers on the platform's domain",
        body: Type.Object(
          {
            domain: domainSchema,
            brand: Type.Optional(
              Type.String({
                pattern: BRAND_CODE_PATTERN,
                description: 'The brand code a link carried (?brand=) or an earlier answer gave',
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: { 200: SiteSettingsSchema },
      },
    },
    async (request) =>
      brandingFor(db, {
        domain: request.body.domain,
        userId: request.user?.id ?? null,
        brandCode: request.body.brand ?? null,
      }),
  );
}
