import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { defineAdminCrud } from './crud';

/** Onboarding topics (spec §3 Topic; GET api/topics lists the shown ones to users). */
export function adminTopicRoutes(api: FastifyInstance, deps: AppDeps): void {
  defineAdminCrud(api, deps, {
    entity: 'topic',
    table: 'admin_topics',
    path: '/api/admin/topics',
    labelColumn: 'title',
    orderBy: 't.position, t.id',
    fields: [
      { name: 'title', schema: { type: 'string', minLength: 1, maxLength: 150, pattern: '\\S' }, required: true },
      { name: 'description', schema: { type: ['string', 'null'], maxLength: 2000 } },
      { name: 'position', schema: { type: 'integer', minimum: 0, maximum: 10_000 } },
      { name: 'shown', schema: { type: 'boolean' } },
    ],
    messages: { created: 'admin.topic_created', updated: 'admin.topic_updated', deleted: 'admin.topic_deleted' },
  });
}
