import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { defineAdminCrud } from './crud';

/** Training content: courses and their onboarding pages (draft or shown). Pages are scoped to their course. */
export function adminCourseRoutes(api: FastifyInstance, deps: AppDeps): void {
  defineAdminCrud(api, deps, {
    entity: 'course',
    table: 'admin_courses',
    path: '/api/admin/courses',
    labelColumn: 'title',
    orderBy: 't.position, t.id',
    extraColumns: '(SELECT count(*)::int FROM admin_course_pages p WHERE p.course_id = t.id) AS pages_count',
    fields: [
      { name: 'title', schema: { type: 'string', minLength: 1, maxLength: 150, pattern: '\\S' }, required: true },
      { name: 'description', schema: { type: ['string', 'null'], maxLength: 2000 } },
      { name: 'position', schema: { type: 'integer', minimum: 0, maximum: 10_000 } },
      { name: 'shown', schema: { type: 'boolean' } },
    ],
    messages: { created: 'admin.course_created', updated: 'admin.course_updated', deleted: 'admin.course_deleted' },
  });
  defineAdminCrud(api, deps, {
    entity: 'page',
    table: 'admin_course_pages',
    path: '/api/admin/courses/:parentId/pages',
    parent: { column: 'course_id', table: 'admin_courses' },
    labelColumn: 'title',
    orderBy: 't.position, t.id',
    filters: [{ name: 'status', values: ['draft', 'shown'] }],
    fields: [
      { name: 'title', schema: { type: 'string', minLength: 1, maxLength: 150, pattern: '\\S' }, required: true },
      { name: 'content', schema: { type: ['string', 'null'], maxLength: 20_000 } },
      { name: 'position', schema: { type: 'integer', minimum: 0, maximum: 10_000 } },
      { name: 'status', schema: { type: 'string', enum: ['draft', 'shown'] } },
    ],
    messages: { created: 'admin.page_created', updated: 'admin.page_updated', deleted: 'admin.page_deleted' },
  });
}
