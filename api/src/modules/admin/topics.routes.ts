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
    fields: {
      title: Type.String({ minLength: 1, maxLength: 150, pattern: '\\S' }),
      description: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
      position: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
      shown: Type.Optional(Type.Boolean()),
    },
    messages: { created: 'admin.topic_created', updated: 'admin.topic_updated', deleted: 'admin.topic_deleted' },
  });
}
