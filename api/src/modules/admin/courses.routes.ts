import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Nullable, StringEnum, Type } from '../../http/contract';
import { defineAdminCrud } from './crud.routes';

/** Training content: courses and their onboarding pages (draft or shown). Pages are scoped to their course. */
export function adminCourseRoutes(api: FastifyInstance, deps: AppDeps): void {
  defineAdminCrud(api, deps, {
    entity: 'course',
    noun: 'training course',
    table: 'admin_courses',
    path: '/api/admin/courses',
    labelColumn: 'title',
    orderBy: 't.position, t.id',
    extraColumns: {
      pages_count: {
        sql: '(SELECT count(*)::int FROM admin_course_pages p WHERE p.course_id = t.id)',
        schema: Type.Integer(),
      },
    },
    fields: {
      title: Type.String({ minLength: 1, maxLength: 150, pattern: '\\S' }),
      description: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
      position: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
      shown: Type.Optional(Type.Boolean()),
    },
    messages: { created: 'admin.course_created', updated: 'admin.course_updated', deleted: 'admin.course_deleted' },
  });
  defineAdminCrud(api, deps, {
    entity: 'page',
    noun: 'course page',
    table: 'admin_course_pages',
    path: '/api/admin/courses/:parentId/pages',
    parent: { column: 'course_id', table: 'admin_courses' },
    labelColumn: 'title',
    orderBy: 't.position, t.id',
    filters: [{ name: 'status', values: ['draft', 'shown'] }],
    fields: {
      title: Type.String({ minLength: 1, maxLength: 150, pattern: '\\S' }),
      content: Type.Optional(Nullable(Type.String({ maxLength: 20_000 }))),
      position: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
      status: Type.Optional(StringEnum(['draft', 'shown'] as const)),
    },
    messages: { created: 'admin.page_created', updated: 'admin.page_updated', deleted: 'admin.page_deleted' },
  });
}
