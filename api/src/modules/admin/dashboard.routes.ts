import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Empty } from '../../http/contract';
import { adminOnly } from './common';
import { dashboardFigures } from './dashboard.repository';
import { Dashboard, type DashboardDto } from './dashboard.schemas';

/** Platform figures for the dashboard charts; every list is bounded (12 months, fixed statuses, plans capped). */
export function adminDashboardRoutes(api: FastifyInstance, { db, clock }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/admin/dashboard',
    {
      ...adminOnly(api),
      schema: {
        summary: 'Platform figures for the dashboard (12 months)',
        querystring: Empty,
        response: { 200: Dashboard },
      },
    },
    async (): Promise<DashboardDto> => dashboardFigures(db, clock.now()),
  );
}
