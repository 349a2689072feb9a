import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db';
import type { AppDeps } from '../../http/context';
import {
  Message,
  MessageProperties,
  Nullable,
  Page,
  StringEnum,
  Timestamp,
  Type,
  type Static,
} from '../../http/contract';
import { unprocessable } from '../../http/errors';
import { objectSchema } from '../../http/schemas';
import { say } from '../respond';
import {
  blankToNull,
  idParamsSchema,
  Issues,
  notFound,
  pageQuerySchema,
  resellerGuard,
  resellerIdOf,
  type PageQuery,
  type Paginated,
} from '../../modules/whitelabel/common';
import { sanitizeHtml } from '../../modules/whitelabel/sanitizeHtml';

/**
 * Training content (spec §2 whitelabel/training-content): the reseller's own courses and their ordered
 * onboarding pages (lessons: title, video URL, body; draft or shown). Its customers read the shown ones
 * on the Settings courses screens (`GET /api/courses`, see `trainingSourceFor`). Lesson bodies are
 * reseller HTML: sanitised with an allowlist on write and again on read (ADR 007).
 */

export type PageStatus = 'draft' | 'shown';

export const MAX_COURSES = 50;
export const MAX_PAGES_PER_COURSE = 100;

const COURSE_COLUMNS = `c.id, c.title, c.description, c.position, c.shown, c.created_at, c.updated_at,
  (SELECT count(*)::int FROM whitelabel_course_pages p WHERE p.course_id = c.id) AS pages_count,
  (SELECT count(*)::int FROM whitelabel_course_pages p WHERE p.course_id = c.id AND p.status = 'shown') AS shown_pages`;
const PAGE_COLUMNS = 'id, course_id, title, video_url, body_html, position, status, created_at, updated_at';

const courseSchema = objectSchema(
  {
    title: { type: 'string', minLength: 1, maxLength: 150, pattern: '\\S' },
    description: { type: ['string', 'null'], maxLength: 2000 },
    position: { type: 'integer', minimum: 0, maximum: 10_000, default: 0 },
    shown: { type: 'boolean', default: true },
  },
  ['title'],
);

const pageSchema = objectSchema(
  {
    title: { type: 'string', minLength: 1, maxLength: 150, pattern: '\\S' },
    video_url: { type: ['string', 'null'], maxLength: 2000 },
    body_html: { type: 'string', maxLength: 50_000, default: '' },
    position: { type: 'integer', minimum: 0, maximum: 10_000, default: 0 },
    status: { type: 'string', enum: ['draft', 'shown'], default: 'draft' },
  },
  ['title'],
);

const pageParamsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'pageId'],
  properties: {
    id: { type: 'integer', minimum: 1, maximum: 2147483647 },
    pageId: { type: 'integer', minimum: 1, maximum: 2147483647 },
  },
} as const;

interface CourseBody {
  title: string;
  description?: string | null;
  position: number;
  shown: boolean;
}

interface PageBody {
  title: string;
  video_url?: string | null;
  body_html: string;
  position: number;
  status: PageStatus;
}

function pageValues(b: PageBody): { videoUrl: string | null; body: string } {
  const videoUrl = blankToNull(b.video_url);
  const issues = new Issues();
  issues.url('video_url', videoUrl);
  issues.throwIfAny();
  return { videoUrl, body: sanitizeHtml(b.body_html) };
}

async function courseOf(q: Queryable, owner: number, id: number): Promise<Course | null> {
  const { rows } = await q.query<Course>(
    `SELECT ${COURSE_COLUMNS} FROM whitelabel_courses c WHERE c.id = $1 AND c.owner_id = $2`,
    [id, owner],
  );
  return rows[0] ?? null;
}

// ---------------------------------------------------------------------------------------------------
// The customer side: which training a signed-in user reads.

export type TrainingSource = { kind: 'platform' } | { kind: 'reseller'; ownerId: number } | { kind: 'hidden' };

/**
 * A reseller's customer (or that customer's team member) reads its reseller's shown courses. A reseller
 * whose business account turns the training center off shows none; one that has published nothing yet
 * leaves its customers the platform's own courses. Everyone else reads the platform's.
 */
export async function trainingSourceFor(q: Queryable, userId: number): Promise<TrainingSource> {
  const { rows } = await q.query<{
    parent_id: number | null;
    show_training_center: boolean | null;
    published: boolean;
  }>(
    `SELECT a.parent_id,
            (SELECT b.show_training_center FROM business_settings b WHERE b.owner_user_id = a.parent_id ORDER BY b.id LIMIT 1) AS show_training_center,
            EXISTS (SELECT 1 FROM whitelabel_courses c WHERE c.owner_id = a.parent_id AND c.shown) AS published
       FROM users u JOIN users a ON a.id = COALESCE(u.team_owner_id, u.id)
      WHERE u.id = $1`,
    [userId],
  );
  const row = rows[0];
  if (!row || row.parent_id === null) return { kind: 'platform' };
  if (row.show_training_center === false) return { kind: 'hidden' };
  return row.published ? { kind: 'reseller', ownerId: row.parent_id } : { kind: 'platform' };
}

export interface PublishedCourseSummary {
  id: number;
  title: string;
  description: string | null;
  pages: number;
}

/** A page of the reseller's shown courses, as the customer's course list shows them. */
export async function publishedCourses(
  q: Queryable,
  ownerId: number,
  page: number,
  pageSize: number,
): Promise<{ data: PublishedCourseSummary[]; total: number }> {
  const { rows } = await q.query<PublishedCourseSummary>(
    `SELECT c.id, c.title, c.description, (SELECT count(*)::int FROM whitelabel_course_pages p WHERE p.course_id = c.id AND p.status = 'shown') AS pages
       FROM whitelabel_courses c WHERE c.owner_id = $1 AND c.shown ORDER BY c.position, c.id LIMIT $2 OFFSET $3`,
    [ownerId, pageSize, (page - 1) * pageSize],
  );
  const count = await q.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM whitelabel_courses WHERE owner_id = $1 AND shown',
    [ownerId],
  );
  return { data: rows, total: count.rows[0]?.total ?? 0 };
}

/** One shown course of the reseller with its shown lessons (bodies sanitised again on the way out), or null. */
export async function publishedCourse(
  q: Queryable,
  ownerId: number,
  id: number,
): Promise<{
  id: number;
  title: string;
  description: string | null;
  pages: { id: number; title: string; content: null; video_url: string | null; body_html: string }[];
} | null> {
  const course = (
    await q.query<{ id: number; title: string; description: string | null }>(
      'SELECT id, title, description FROM whitelabel_courses WHERE id = $1 AND owner_id = $2 AND shown',
      [id, ownerId],
    )
  ).rows[0];
  if (!course) return null;
  const pages = await q.query<{ id: number; title: string; video_url: string | null; body_html: string }>(
    `SELECT id, title, video_url, body_html FROM whitelabel_course_pages WHERE course_id = $1 AND status = 'shown' ORDER BY position, id LIMIT ${MAX_PAGES_PER_COURSE}`,
    [id],
  );
  return { ...course, pages: pages.rows.map((p) => ({ ...p, content: null, body_html: sanitizeHtml(p.body_html) })) };
}

// ---------------------------------------------------------------------------------------------------
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
  status: StringEnum(['draft', 'shown'] as const),
  created_at: Timestamp(),
  updated_at: Timestamp(),
});
const OneCourse = Type.Object({ data: CourseSchema });
const SavedCourse = Type.Object({ ...MessageProperties, data: CourseSchema });
const OnePage = Type.Object({ data: CoursePageSchema });
const SavedPage = Type.Object({ ...MessageProperties, data: CoursePageSchema });

export type Course = Static<typeof CourseSchema>;
export type CoursePage = Static<typeof CoursePageSchema>;

// The reseller side.

export function trainingContentRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  const guard = resellerGuard(app);

  app.get<{ Querystring: PageQuery }>(
    '/api/whitelabel/courses',
    {
      onRequest: guard,
      schema: {
        summary: 'Your courses (paginated)',
        querystring: objectSchema(pageQuerySchema),
        response: { 200: Page(CourseSchema) },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      const { page, pageSize } = request.query;
      const { rows } = await db.query<Course>(
        `SELECT ${COURSE_COLUMNS} FROM whitelabel_courses c WHERE c.owner_id = $1 ORDER BY c.position, c.id LIMIT $2 OFFSET $3`,
        [owner, pageSize, (page - 1) * pageSize],
      );
      const count = await db.query<{ total: number }>(
        'SELECT count(*)::int AS total FROM whitelabel_courses WHERE owner_id = $1',
        [owner],
      );
      const result: Paginated<Course> = { data: rows, currentPage: page, pageSize, total: count.rows[0]?.total ?? 0 };
      return result;
    },
  );

  app.post<{ Body: CourseBody }>(
    '/api/whitelabel/courses',
    { onRequest: guard, schema: { summary: 'Add a course', body: courseSchema, response: { 201: SavedCourse } } },
    async (request, reply) => {
      const owner = await resellerIdOf(db, request);
      const b = request.body;
      const now = clock.now();
      const id = await db.transaction(async (tx) => {
        await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [owner]);
        const count = await tx.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM whitelabel_courses WHERE owner_id = $1',
          [owner],
        );
        if ((count.rows[0]?.n ?? 0) >= MAX_COURSES)
          throw unprocessable('whitelabel.course_limit', 'title', { n: MAX_COURSES });
        const { rows } = await tx.query<{ id: number }>(
          'INSERT INTO whitelabel_courses (owner_id, title, description, position, shown, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id',
          [owner, b.title.trim(), blankToNull(b.description), b.position, b.shown, now],
        );
        return rows[0]!.id;
      });
      reply.code(201);
      return { ...say(request, 'whitelabel.course_created'), data: await courseOf(db, owner, id) };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/whitelabel/courses/:id',
    { onRequest: guard, schema: { summary: 'One course', params: idParamsSchema, response: { 200: OneCourse } } },
    async (request) => {
      const course = await courseOf(db, await resellerIdOf(db, request), request.params.id);
      if (!course) throw notFound();
      return { data: course };
    },
  );

  app.put<{ Params: { id: number }; Body: CourseBody }>(
    '/api/whitelabel/courses/:id',
    {
      onRequest: guard,
      schema: {
        summary: 'Change a course',
        params: idParamsSchema,
        body: courseSchema,
        response: { 200: SavedCourse },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      const b = request.body;
      const { rowCount } = await db.query(
        'UPDATE whitelabel_courses SET title = $3, description = $4, position = $5, shown = $6, updated_at = $7 WHERE id = $1 AND owner_id = $2',
        [request.params.id, owner, b.title.trim(), blankToNull(b.description), b.position, b.shown, clock.now()],
      );
      if (rowCount === 0) throw notFound();
      return { ...say(request, 'whitelabel.course_updated'), data: await courseOf(db, owner, request.params.id) };
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/whitelabel/courses/:id',
    {
      onRequest: guard,
      schema: { summary: 'Delete a course and its pages', params: idParamsSchema, response: { 200: Message } },
    },
    async (request) => {
      // Its pages go with it (ON DELETE CASCADE).
      const { rowCount } = await db.query('DELETE FROM whitelabel_courses WHERE id = $1 AND owner_id = $2', [
        request.params.id,
        await resellerIdOf(db, request),
      ]);
      if (rowCount === 0) throw notFound();
      return say(request, 'whitelabel.course_deleted');
    },
  );

  app.get<{ Params: { id: number }; Querystring: PageQuery & { status?: PageStatus } }>(
    '/api/whitelabel/courses/:id/pages',
    {
      onRequest: guard,
      schema: {
        summary: "A course's pages (paginated), in order",
        params: idParamsSchema,
        querystring: objectSchema({ ...pageQuerySchema, status: { type: 'string', enum: ['draft', 'shown'] } }),
        response: { 200: Page(CoursePageSchema) },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      if (!(await courseOf(db, owner, request.params.id))) throw notFound();
      const { page, pageSize, status } = request.query;
      const { rows } = await db.query<CoursePage>(
        `SELECT ${PAGE_COLUMNS} FROM whitelabel_course_pages WHERE course_id = $1 AND owner_id = $2 AND ($3::text IS NULL OR status = $3) ORDER BY position, id LIMIT $4 OFFSET $5`,
        [request.params.id, owner, status ?? null, pageSize, (page - 1) * pageSize],
      );
      const count = await db.query<{ total: number }>(
        'SELECT count(*)::int AS total FROM whitelabel_course_pages WHERE course_id = $1 AND owner_id = $2 AND ($3::text IS NULL OR status = $3)',
        [request.params.id, owner, status ?? null],
      );
      const result: Paginated<CoursePage> = {
        data: rows,
        currentPage: page,
        pageSize,
        total: count.rows[0]?.total ?? 0,
      };
      return result;
    },
  );

  app.post<{ Params: { id: number }; Body: PageBody }>(
    '/api/whitelabel/courses/:id/pages',
    {
      onRequest: guard,
      schema: {
        summary: 'Add a page to a course',
        params: idParamsSchema,
        body: pageSchema,
        response: { 201: SavedPage },
      },
    },
    async (request, reply) => {
      const owner = await resellerIdOf(db, request);
      const b = request.body;
      const { videoUrl, body } = pageValues(b);
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const course = await tx.query('SELECT id FROM whitelabel_courses WHERE id = $1 AND owner_id = $2 FOR UPDATE', [
          request.params.id,
          owner,
        ]);
        if (!course.rows[0]) throw notFound();
        const count = await tx.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM whitelabel_course_pages WHERE course_id = $1',
          [request.params.id],
        );
        if ((count.rows[0]?.n ?? 0) >= MAX_PAGES_PER_COURSE)
          throw unprocessable('whitelabel.page_limit', 'title', { n: MAX_PAGES_PER_COURSE });
        const { rows } = await tx.query<CoursePage>(
          `INSERT INTO whitelabel_course_pages (course_id, owner_id, title, video_url, body_html, position, status, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING ${PAGE_COLUMNS}`,
          [request.params.id, owner, b.title.trim(), videoUrl, body, b.position, b.status, now],
        );
        return rows[0]!;
      });
      reply.code(201);
      return { ...say(request, 'whitelabel.page_created'), data: row };
    },
  );

  app.get<{ Params: { id: number; pageId: number } }>(
    '/api/whitelabel/courses/:id/pages/:pageId',
    {
      onRequest: guard,
      schema: { summary: 'One page of a course', params: pageParamsSchema, response: { 200: OnePage } },
    },
    async (request) => {
      const { rows } = await db.query<CoursePage>(
        `SELECT ${PAGE_COLUMNS} FROM whitelabel_course_pages WHERE id = $1 AND course_id = $2 AND owner_id = $3`,
        [request.params.pageId, request.params.id, await resellerIdOf(db, request)],
      );
      if (!rows[0]) throw notFound();
      return { data: rows[0] };
    },
  );

  app.put<{ Params: { id: number; pageId: number }; Body: PageBody }>(
    '/api/whitelabel/courses/:id/pages/:pageId',
    {
      onRequest: guard,
      schema: {
        summary: 'Change a page of a course',
        params: pageParamsSchema,
        body: pageSchema,
        response: { 200: SavedPage },
      },
    },
    async (request) => {
      const b = request.body;
      const { videoUrl, body } = pageValues(b);
      const { rows } = await db.query<CoursePage>(
        `UPDATE whitelabel_course_pages SET title = $4, video_url = $5, body_html = $6, position = $7, status = $8, updated_at = $9
          WHERE id = $1 AND course_id = $2 AND owner_id = $3 RETURNING ${PAGE_COLUMNS}`,
        [
          request.params.pageId,
          request.params.id,
          await resellerIdOf(db, request),
          b.title.trim(),
          videoUrl,
          body,
          b.position,
          b.status,
          clock.now(),
        ],
      );
      if (!rows[0]) throw notFound();
      return { ...say(request, 'whitelabel.page_updated'), data: rows[0] };
    },
  );

  app.delete<{ Params: { id: number; pageId: number } }>(
    '/api/whitelabel/courses/:id/pages/:pageId',
    {
      onRequest: guard,
      schema: { summary: 'Delete a page of a course', params: pageParamsSchema, response: { 200: Message } },
    },
    async (request) => {
      const { rowCount } = await db.query(
        'DELETE FROM whitelabel_course_pages WHERE id = $1 AND course_id = $2 AND owner_id = $3',
        [request.params.pageId, request.params.id, await resellerIdOf(db, request)],
      );
      if (rowCount === 0) throw notFound();
      return say(request, 'whitelabel.page_deleted');
    },
  );
}
