import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { Empty, IdParams, Nullable, Page, PageQuery, StringEnum, Type } from '../../http/contract';
import { billingPortalFor, courseFor, coursesFor } from './courses.service';

/**
 * Courses (onboarding training): the super admin's (the admin area's course tables, read only), or for a
 * reseller's customer the reseller's own training content (white-label area; `trainingSourceFor` decides,
 * honouring the reseller's `show_training_center`). Only shown courses and their shown pages are listed.
 */
const CourseSummary = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Nullable(Type.String()),
  pages: Type.Integer({ description: 'How many shown lessons the course has.' }),
});

/**
 * Lessons: the platform's have plain-text `content`; a reseller's have a `video_url` and a `body_html`
 * the API has sanitised with its allowlist (ADR 007).
 */
const Lesson = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  content: Nullable(Type.String()),
  video_url: Nullable(Type.String()),
  body_html: Nullable(Type.String()),
});
const Course = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Nullable(Type.String()),
  pages: Type.Array(Lesson),
});

export function courseRoutes(api: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/wl/check-billing-portals',
    {
      onRequest: app.requireAuth,
      schema: {
        summary: 'Which billing portal manages your subscription, and its address',
        querystring: Empty,
        response: { 200: Type.Object({ type: StringEnum(['stripe', 'paykickstart']), value: Type.String() }) },
      },
    },
    async (request) =>
      billingPortalFor(
        deps,
        currentUser(request).id,
        `${request.protocol}://${request.headers.host ?? 'localhost'}/settings/billing-portal`,
      ),
  );

  app.get(
    '/api/courses',
    {
      onRequest: app.requireAuth,
      schema: {
        summary: "The onboarding courses shown to you (the platform's, or your reseller's)",
        querystring: PageQuery,
        response: {
          200: Type.Object({
            ...Page(CourseSummary).properties,
            training_center: Type.Boolean({
              description: 'False when your reseller has turned its training center off.',
            }),
          }),
        },
      },
    },
    async (request) => {
      return coursesFor(db, request.user!.id, request.query);
    },
  );

  app.get(
    '/api/courses/items/:id',
    {
      onRequest: app.requireAuth,
      schema: {
        summary: 'One course with its shown lessons',
        params: IdParams,
        response: { 200: Type.Object({ data: Course }) },
      },
    },
    async (request) => {
      return { data: await courseFor(db, request.user!.id, request.params.id) };
    },
  );
}
