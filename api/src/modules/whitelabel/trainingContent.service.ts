import type { Db, Queryable } from '../../db';
import type { PageWindow } from '../../http/contract';
import { ApiError, unprocessable } from '../../http/errors';
import { lockReseller } from './reseller.repository';
import { sanitizeHtml } from './sanitizeHtml';
import {
  countCourses,
  countPagesOfCourse,
  countPublishedCourses,
  insertCourse,
  insertCoursePage,
  listPublishedCourses,
  lockCourse,
  publishedCourseOf,
  shownPagesOf,
  trainingFactsOf,
  type CoursePageRow,
  type CoursePageValues,
  type CourseValues,
  type PublishedCourseSummary,
} from './trainingContent.repository';

/**
 * Training content (spec §2 whitelabel/training-content): the reseller's own courses and their ordered
 * onboarding pages (lessons: title, video URL, body; draft or shown). Its customers read the shown ones
 * on the Settings courses screens (`GET /api/courses`, see `trainingSourceFor`). Lesson bodies are
 * reseller HTML: sanitised with an allowlist on write and again on read (ADR 007).
 */

export const MAX_COURSES = 50;
export const MAX_PAGES_PER_COURSE = 100;

/** Adds a course, at most MAX_COURSES per reseller (counted under the reseller's row lock); answers its id. */
export async function createCourse(db: Db, owner: number, v: CourseValues, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await lockReseller(tx, owner);
    if ((await countCourses(tx, owner)) >= MAX_COURSES)
      throw unprocessable('whitelabel.course_limit', 'title', { n: MAX_COURSES });
    return insertCourse(tx, owner, v, now);
  });
}

/** Adds a page to a course of the owner (404 otherwise), at most MAX_PAGES_PER_COURSE (counted under the course's row lock). */
export async function createCoursePage(
  db: Db,
  courseId: number,
  owner: number,
  v: CoursePageValues,
  now: Date,
): Promise<CoursePageRow> {
  return db.transaction(async (tx) => {
    if (!(await lockCourse(tx, courseId, owner))) throw new ApiError(404, 'not_found');
    if ((await countPagesOfCourse(tx, courseId)) >= MAX_PAGES_PER_COURSE)
      throw unprocessable('whitelabel.page_limit', 'title', { n: MAX_PAGES_PER_COURSE });
    return insertCoursePage(tx, courseId, owner, v, now);
  });
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
  const row = await trainingFactsOf(q, userId);
  if (!row || row.parent_id === null) return { kind: 'platform' };
  if (row.show_training_center === false) return { kind: 'hidden' };
  return row.published ? { kind: 'reseller', ownerId: row.parent_id } : { kind: 'platform' };
}

export type { PublishedCourseSummary };

/** A page of the reseller's shown courses, as the customer's course list shows them. */
export async function publishedCourses(
  q: Queryable,
  ownerId: number,
  { limit, offset }: PageWindow,
): Promise<{ rows: PublishedCourseSummary[]; total: number }> {
  const rows = await listPublishedCourses(q, ownerId, { limit, offset });
  return { rows, total: await countPublishedCourses(q, ownerId) };
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
  const course = await publishedCourseOf(q, ownerId, id);
  if (!course) return null;
  const pages = await shownPagesOf(q, id, MAX_PAGES_PER_COURSE);
  return { ...course, pages: pages.map((p) => ({ ...p, content: null, body_html: sanitizeHtml(p.body_html) })) };
}
