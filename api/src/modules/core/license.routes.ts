import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { Empty, Nullable, Type, type Static } from '../../http/contract';
import { mailBrandFor } from '../../mail/mailBrand';
import { accountLicenseExpiry, licenseExpired } from '../../users/license';
import { resellerOfUser } from '../../users/resellerBrand';

const LicenseInfo = Type.Object({
  expired: Type.Boolean(),
  expires_at: Nullable(Type.String({ format: 'date-time' })),
  /** Whom to ask for a renewal: the reseller the account belongs to (its support address), else the platform. */
  contact: Type.Object({ name: Type.String(), email: Nullable(Type.String()), reseller: Type.Boolean() }),
});
export type LicenseInfo = Static<typeof LicenseInfo>;

/** GET /api/license: the account's licence and whom to contact about it (the expired-licence page; ADR 046). Open while expired. */
export function licenseRoutes(api: FastifyInstance, { db, clock, config }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/license',
    {
      onRequest: app.requireAuth,
      schema: {
        summary: "Your account's licence expiry and whom to contact to renew it",
        querystring: Empty,
        response: { 200: LicenseInfo },
      },
    },
    async (request): Promise<LicenseInfo> => {
      const { id } = currentUser(request);
      const expiresAt = await accountLicenseExpiry(db, id);
      const brand = await mailBrandFor(db, { userId: id }, config.port);
      return {
        expired: licenseExpired(expiresAt, clock.now()),
        expires_at: expiresAt ? expiresAt.toISOString() : null,
        contact: { name: brand.name, email: brand.supportEmail, reseller: (await resellerOfUser(db, id)) !== null },
      };
    },
  );
}
