import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import {
  Defaulted,
  Message,
  MessageProperties,
  Nullable,
  OrNull,
  Page,
  PageQuery,
  StringEnum,
  Timestamp,
  Type,
  pageOf,
  pageWindow,
  type Static,
} from '../../http/contract';
import { say } from '../../http/respond';
import { blankToNull, idParamsSchema, Issues, notFound, pageQuerySchema, resellerGuard, resellerIdOf } from './common';
import { sanitizeHtml } from './sanitizeHtml';
import {
  countCoursePages,
  countCourses,
  coursePageOf,
  courseOf,
  deleteCourse,
  deleteCoursePage,
  listCoursePages,
  listCourses,
  updateCourse,
  updateCoursePage,
  type CoursePageValues,
  type CourseValues,
  type PageStatus,
} from './trainingContent.repository';
import { createCourse, createCoursePage } from './trainingContent.service';

const PAGE_STATUSES = ['draft', 'shown'] as const satisfies readonly PageStatus[];

const CourseBody = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 150, pattern: '\\S' }),
    description: Type.Optional(OrNull(Type.String({ maxLength: 2000 }))),
    position: Defaulted(Type.Integer({ minimum: 0, maximum: 10_000, default: 0 })),
    shown: Defaulted(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
);
type CourseBody = Static<typeof CourseBody>;

const PageBody = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 150, pattern: '\\S' }),
    video_url: Type.Optional(OrNull(Type.String({ maxLength: 2000 }))),
    body_html: Defaulted(Type.String({ maxLength: 50_000, default: '' })),
    position: Defaulted(Type.Integer({ minimum: 0, maximum: 10_000, default: 0 })),
    status: Defaulted(StringEnum(PAGE_STATUSES, { default: 'draft' })),
  },
  { additionalProperties: false },
);
type PageBody = Static<typeof PageBody>;

const PageParams = Type.Object(
  {
    id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
    pageId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  },
  { additionalProperties: false },
);

/** A page's values: the video an http(s) URL, the body rebuilt by the allowlist sanitiser (ADR 007). */
function pageValues(b: PageBody): CoursePageValues {
  const videoUrl = blankToNull(b.video_url);
  const issues = new Issues();
  issues.url('video_url', videoUrl);
  issues.throwIfAny();
  return {
    title: b.title.trim(),
    video_url: videoUrl,
    body_html: sanitizeHtml(b.body_html),
    position: b.position,
    status: b.status,
  };
}

const courseValues = (b: CourseBody): CourseValues => ({
  title: b.title.trim(),
  description: blankToNull(b.description),
  position: b.position,
  shown: b.shown,
});

const CourseSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Nullable(Type.String()),
  position: Type.Integer(),
  shown: Type.Boolean(),
  pages_count: Type.Integer(),
  shown_pages: Type.Integer(),
  created_at: Timestamp(),
  updated_at: Timestamp(),
});
const CoursePageSchema = Type.Object({
  id: Type.Integer(),
  course_id: Type.Integer(),
  title: Type.String(),
  video_url: Nullable(Type.String()),
  body_html: Type.String({ description: 'Sanitised HTML (ADR 007).' }),
  position: Type.Integer(),
  status: StringEnum(PAGE_STATUSES),
  created_at: Timestamp(),
  updated_at: Timestamp(),
});
const OneCourse = Type.Object({ data: CourseSchema });
const SavedCourse = Type.Object({ ...MessageProperties, data: CourseSchema });
const OnePage = Type.Object({ data: CoursePageSchema });
const SavedPage = Type.Object({ ...MessageProperties, data: CoursePageSchema });

// The reseller side.

export function trainingContentRoutes(api: FastifyInstance, { db, clock }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = resellerGuard(api);

  app.get(
    '/api/whitelabel/courses',
    {
      onRequest: guard,
      schema: {
        summary: 'Your courses (paginated)',
        querystring: PageQuery,
        response: { 200: Page(CourseSchema) },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      const rows = await listCourses(db, owner, pageWindow(request.query));
      return pageOf(rows, request.query, await countCourses(db, owner));
    },
  );

  app.post(
    '/api/whitelabel/courses',
    { onRequest: guard, schema: { summary: 'Add a course', body: CourseBody, response: { 201: SavedCourse } } },
    async (request, reply) => {
      const owner = await resellerIdOf(db, request);
      const id = await createCourse(db, owner, courseValues(request.body), clock.now());
      // Gone already only if another request deleted it in between.
      const data = await courseOf(db, owner, id);
      if (!data) throw notFound();
      reply.code(201);
      return { ...say(request, 'whitelabel.course_created'), data };
    },
  );

  app.get(
    '/api/whitelabel/courses/:id',
    { onRequest: guard, schema: { summary: 'One course', params: idParamsSchema, response: { 200: OneCourse } } },
    async (request) => {
      const course = await courseOf(db, await resellerIdOf(db, request), request.params.id);
      if (!course) throw notFound();
      return { data: course };
    },
  );

  app.put(
    '/api/whitelabel/courses/:id',
    {
      onRequest: guard,
      schema: {
        summary: 'Change a course',
        params: idParamsSchema,
        body: CourseBody,
        response: { 200: SavedCourse },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      const updated = await updateCourse(db, request.params.id, owner, courseValues(request.body), clock.now());
      const data = updated ? await courseOf(db, owner, request.params.id) : null;
      if (!data) throw notFound();
      return { ...say(request, 'whitelabel.course_updated'), data };
    },
  );

  app.delete(
    '/api/whitelabel/courses/:id',
    {
      onRequest: guard,
      schema: { summary: 'Delete a course and its pages', params: idParamsSchema, response: { 200: Message } },
    },
    async (request) => {
      // Its pages go with it (ON DELETE CASCADE).
      if (!(await deleteCourse(db, request.params.id, await resellerIdOf(db, request)))) throw notFound();
      return say(request, 'whitelabel.course_deleted');
    },
  );

  app.get(
    '/api/whitelabel/courses/:id/pages',
    {
      onRequest: guard,
      schema: {
        summary: "A course's pages (paginated), in order",
        params: idParamsSchema,
        querystring: Type.Object(
          { ...pageQuerySchema, status: Type.Optional(StringEnum(PAGE_STATUSES)) },
          { additionalProperties: false },
        ),
        response: { 200: Page(CoursePageSchema) },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      if (!(await courseOf(db, owner, request.params.id))) throw notFound();
      const { status } = request.query;
      const rows = await listCoursePages(db, request.params.id, owner, status ?? null, pageWindow(request.query));
      return pageOf(rows, request.query, await countCoursePages(db, request.params.id, owner, status ?? null));
    },
  );

  app.post(
    '/api/whitelabel/courses/:id/pages',
    {
      onRequest: guard,
      schema: {
        summary: 'Add a page to a course',
        params: idParamsSchema,
        body: PageBody,
        response: { 201: SavedPage },
      },
    },
    async (request, reply) => {
      const owner = await resellerIdOf(db, request);
      const row = await createCoursePage(db, request.params.id, owner, pageValues(request.body), clock.now());
      reply.code(201);
      return { ...say(request, 'whitelabel.page_created'), data: row };
    },
  );

  app.get(
    '/api/whitelabel/courses/:id/pages/:pageId',
    {
      onRequest: guard,
      schema: { summary: 'One page of a course', params: PageParams, response: { 200: OnePage } },
    },
    async (request) => {
      const page = await coursePageOf(db, request.params.pageId, request.params.id, await resellerIdOf(db, request));
      if (!page) throw notFound();
      return { data: page };
    },
  );

  app.put(
    '/api/whitelabel/courses/:id/pages/:pageId',
    {
      onRequest: guard,
      schema: {
        summary: 'Change a page of a course',
        params: PageParams,
        body: PageBody,
        response: { 200: SavedPage },
      },
    },
    async (request) => {
      const values = pageValues(request.body);
      const data = await updateCoursePage(
        db,
        request.params.pageId,
        request.params.id,
        await resellerIdOf(db, request),
        values,
        clock.now(),
      );
      if (!data) throw notFound();
      return { ...say(request, 'whitelabel.page_updated'), data };
    },
  );

  app.delete(
    '/api/whitelabel/courses/:id/pages/:pageId',
    {
      onRequest: guard,
      schema: { summary: 'Delete a page of a course', params: PageParams, response: { 200: Message } },
    },
    async (request) => {
      if (!(await deleteCoursePage(db, request.params.pageId, request.params.id, await resellerIdOf(db, request))))
        throw notFound();
      return say(request, 'whitelabel.page_deleted');
    },
  );
}
