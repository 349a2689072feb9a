import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../http/context';
import { emptyObjectSchema } from '../http/schemas';

export interface ListType {
  id: number;
  name: string;
  /** The campaign search type of spec §3 (industry, company, people, single, influencer, intent, group). */
  search_type: string;
}

export function campaignTypeRoutes(app: FastifyInstance, { db }: AppDeps): void {
  app.get('/api/campaign-types', { onRequest: app.requireAuth, schema: { querystring: emptyObjectSchema } }, async () => {
    const { rows } = await db.query<ListType>('SELECT id, name, search_type FROM list_types ORDER BY id');
    return rows;
  });
}
