import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Nullable, Type } from '../../http/contract';
import { defineAdminCrud } from './crud.routes';

/** Onboarding topics (spec §3 Topic; GET api/topics lists the shown ones to users). */
export function adminTopicRoutes(api: FastifyInstance, deps: AppDeps): void {
  defineAdminCrud(api, deps, {
    entity: 'topic',
    noun: 'onboarding topic',
    table: 'admin_topics',
    path: '/api/admin/topics',
    labelColumn: 'title',
    orderBy: 't.position, t.id',
    fields: [
      { name: 'title', schema: Type.String({ minLength: 1, maxLength: 150, pattern: '\\S' }), required: true },
      { name: 'description', schema: Nullable(Type.String({ maxLength: 2000 })) },
      { name: 'position', schema: Type.Integer({ minimum: 0, maximum: 10_000 }) },
      { name: 'shown', schema: Type.Boolean() },
    ],
    messages: { created: 'admin.topic_created', updated: 'admin.topic_updated', deleted: 'admin.topic_deleted' },
  });
}
