import type { Queryable } from '../../db';
import type { PageWindow } from '../../http/contract';

export type PageStatus = 'draft' | 'shown';

/** A course as the reseller's routes answer it, with its page counts. */
export interface CourseRow {
  id: number;
  title: string;
  description: string | null;
  position: number;
  shown: boolean;
  pages_count: number;
  shown_pages: number;
  created_at: Date;
  updated_at: Date;
}

export interface CoursePageRow {
  id: number;
  course_id: number;
  title: string;
  video_url: string | null;
  body_html: string;
  position: number;
  status: PageStatus;
  created_at: Date;
  updated_at: Date;
}

export interface CourseValues {
  title: string;
  description: string | null;
  position: number;
  shown: boolean;
}

export interface CoursePageValues {
  title: string;
  video_url: string | null;
  body_html: string;
  position: number;
  status: PageStatus;
}

const COURSE_COLUMNS = `c.id, c.title, c.description, c.position, c.shown, c.created_at, c.updated_at,
  (SELECT count(*)::int FROM whitelabel_course_pages p WHERE p.course_id = c.id) AS pages_count,
  (SELECT count(*)::int FROM whitelabel_course_pages p WHERE p.course_id = c.id AND p.status = 'shown') AS shown_pages`;
const PAGE_COLUMNS = 'id, course_id, title, video_url, body_html, position, status, created_at, updated_at';

export async function courseOf(q: Queryable, owner: number, id: number): Promise<CourseRow | null> {
  const { rows } = await q.query<CourseRow>(
    `SELECT ${COURSE_COLUMNS} FROM whitelabel_courses c WHERE c.id = $1 AND c.owner_id = $2`,
    [id, owner],
  );
  return rows[0] ?? null;
}

export async function listCourses(q: Queryable, owner: number, { limit, offset }: PageWindow): Promise<CourseRow[]> {
  const { rows } = await q.query<CourseRow>(
    `SELECT ${COURSE_COLUMNS} FROM whitelabel_courses c WHERE c.owner_id = $1 ORDER BY c.position, c.id LIMIT $2 OFFSET $3`,
    [owner, limit, offset],
  );
  return rows;
}

export async function countCourses(q: Queryable, owner: number): Promise<number> {
  const count = await q.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM whitelabel_courses WHERE owner_id = $1',
    [owner],
  );
  return count.rows[0]?.total ?? 0;
}

export async function insertCourse(q: Queryable, owner: number, v: CourseValues, now: Date): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    'INSERT INTO whitelabel_courses (owner_id, title, description, position, shown, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id',
    [owner, v.title, v.description, v.position, v.shown, now],
  );
  return rows[0]!.id;
}

/** Whether a course of the owner was changed. */
export async function updateCourse(
  q: Queryable,
  id: number,
  owner: number,
  v: CourseValues,
  now: Date,
): Promise<boolean> {
  const { rowCount } = await q.query(
    'UPDATE whitelabel_courses SET title = $3, description = $4, position = $5, shown = $6, updated_at = $7 WHERE id = $1 AND owner_id = $2',
    [id, owner, v.title, v.description, v.position, v.shown, now],
  );
  return rowCount !== 0;
}

/** Whether a course of the owner was deleted (its pages go with it, ON DELETE CASCADE). */
export async function deleteCourse(q: Queryable, id: number, owner: number): Promise<boolean> {
  const { rowCount } = await q.query('DELETE FROM whitelabel_courses WHERE id = $1 AND owner_id = $2', [id, owner]);
  return rowCount !== 0;
}

/** Locks a course of the owner; false when it has none of that id. */
export async function lockCourse(q: Queryable, id: number, owner: number): Promise<boolean> {
  const course = await q.query('SELECT id FROM whitelabel_courses WHERE id = $1 AND owner_id = $2 FOR UPDATE', [
    id,
    owner,
  ]);
  return course.rows[0] !== undefined;
}

export async function listCoursePages(
  q: Queryable,
  courseId: number,
  owner: number,
  status: PageStatus | null,
  { limit, offset }: PageWindow,
): Promise<CoursePageRow[]> {
  const { rows } = await q.query<CoursePageRow>(
    `SELECT ${PAGE_COLUMNS} FROM whitelabel_course_pages WHERE course_id = $1 AND owner_id = $2 AND ($3::text IS NULL OR status = $3) ORDER BY position, id LIMIT $4 OFFSET $5`,
    [courseId, owner, status, limit, offset],
  );
  return rows;
}

export async function countCoursePages(
  q: Queryable,
  courseId: number,
  owner: number,
  status: PageStatus | null,
): Promise<number> {
  const count = await q.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM whitelabel_course_pages WHERE course_id = $1 AND owner_id = $2 AND ($3::text IS NULL OR status = $3)',
    [courseId, owner, status],
  );
  return count.rows[0]?.total ?? 0;
}

/** Every page of a course, whoever's (the course is checked first). */
export async function countPagesOfCourse(q: Queryable, courseId: number): Promise<number> {
  const count = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM whitelabel_course_pages WHERE course_id = $1',
    [courseId],
  );
  return count.rows[0]?.n ?? 0;
}

export async function insertCoursePage(
  q: Queryable,
  courseId: number,
  owner: number,
  v: CoursePageValues,
  now: Date,
): Promise<CoursePageRow> {
  const { rows } = await q.query<CoursePageRow>(
    `INSERT INTO whitelabel_course_pages (course_id, owner_id, title, video_url, body_html, position, status, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING ${PAGE_COLUMNS}`,
    [courseId, owner, v.title, v.video_url, v.body_html, v.position, v.status, now],
  );
  return rows[0]!;
}

export async function coursePageOf(
  q: Queryable,
  pageId: number,
  courseId: number,
  owner: number,
): Promise<CoursePageRow | null> {
  const { rows } = await q.query<CoursePageRow>(
    `SELECT ${PAGE_COLUMNS} FROM whitelabel_course_pages WHERE id = $1 AND course_id = $2 AND owner_id = $3`,
    [pageId, courseId, owner],
  );
  return rows[0] ?? null;
}

export async function updateCoursePage(
  q: Queryable,
  pageId: number,
  courseId: number,
  owner: number,
  v: CoursePageValues,
  now: Date,
): Promise<CoursePageRow | null> {
  const { rows } = await q.query<CoursePageRow>(
    `UPDATE whitelabel_course_pages SET title = $4, video_url = $5, body_html = $6, position = $7, status = $8, updated_at = $9
          WHERE id = $1 AND course_id = $2 AND owner_id = $3 RETURNING ${PAGE_COLUMNS}`,
    [pageId, courseId, owner, v.title, v.video_url, v.body_html, v.position, v.status, now],
  );
  return rows[0] ?? null;
}

export async function deleteCoursePage(
  q: Queryable,
  pageId: number,
  courseId: number,
  owner: number,
): Promise<boolean> {
  const { rowCount } = await q.query(
    'DELETE FROM whitelabel_course_pages WHERE id = $1 AND course_id = $2 AND owner_id = $3',
    [pageId, courseId, owner],
  );
  return rowCount !== 0;
}

/** What decides whose training a user reads: its account's reseller, that reseller's training switch, and whether it published any course. */
export async function trainingFactsOf(
  q: Queryable,
  userId: number,
): Promise<{ parent_id: number | null; show_training_center: boolean | null; published: boolean } | null> {
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
  return rows[0] ?? null;
}

export interface PublishedCourseSummary {
  id: number;
  title: string;
  description: string | null;
  pages: number;
}

export async function listPublishedCourses(
  q: Queryable,
  ownerId: number,
  { limit, offset }: PageWindow,
): Promise<PublishedCourseSummary[]> {
  const { rows } = await q.query<PublishedCourseSummary>(
    `SELECT c.id, c.title, c.description, (SELECT count(*)::int FROM whitelabel_course_pages p WHERE p.course_id = c.id AND p.status = 'shown') AS pages
       FROM whitelabel_courses c WHERE c.owner_id = $1 AND c.shown ORDER BY c.position, c.id LIMIT $2 OFFSET $3`,
    [ownerId, limit, offset],
  );
  return rows;
}

export async function countPublishedCourses(q: Queryable, ownerId: number): Promise<number> {
  const count = await q.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM whitelabel_courses WHERE owner_id = $1 AND shown',
    [ownerId],
  );
  return count.rows[0]?.total ?? 0;
}

export async function publishedCourseOf(
  q: Queryable,
  ownerId: number,
  id: number,
): Promise<{ id: number; title: string; description: string | null } | null> {
  const course = (
    await q.query<{ id: number; title: string; description: string | null }>(
      'SELECT id, title, description FROM whitelabel_courses WHERE id = $1 AND owner_id = $2 AND shown',
      [id, ownerId],
    )
  ).rows[0];
  return course ?? null;
}

/** A course's shown pages in order, at most `limit`. */
export async function shownPagesOf(
  q: Queryable,
  courseId: number,
  limit: number,
): Promise<{ id: number; title: string; video_url: string | null; body_html: string }[]> {
  const pages = await q.query<{ id: number; title: string; video_url: string | null; body_html: string }>(
    `SELECT id, title, video_url, body_html FROM whitelabel_course_pages WHERE course_id = $1 AND status = 'shown' ORDER BY position, id LIMIT ${limit}`,
    [courseId],
  );
  return pages.rows;
}
