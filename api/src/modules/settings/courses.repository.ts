import type { Queryable } from '../../db';
import type { PageWindow } from '../../http/contract';

/** The billing of a reseller's customer's reseller (undefined for any other user). */
export async function resellerBillingOf(
  db: Queryable,
  userId: number,
): Promise<{ billing_type: 'stripe' | 'paykickstart'; account_id: string | null } | undefined> {
  return (
    await db.query<{ billing_type: 'stripe' | 'paykickstart'; account_id: string | null }>(
      `SELECT a.billing_type, a.account_id FROM users u JOIN whitelabel_payment_accounts a ON a.owner_id = u.parent_id WHERE u.id = $1 AND u.user_type = 'customer'`,
      [userId],
    )
  ).rows[0];
}

export interface CourseSummaryRow {
  id: number;
  title: string;
  description: string | null;
  pages: number;
}

/** One page of the platform's shown courses, in order, each with its number of shown pages. */
export async function shownCourses(db: Queryable, { limit, offset }: PageWindow): Promise<CourseSummaryRow[]> {
  const { rows } = await db.query<CourseSummaryRow>(
    `SELECT c.id, c.title, c.description, (SELECT count(*)::int FROM admin_course_pages p WHERE p.course_id = c.id AND p.status = 'shown') AS pages
         FROM admin_courses c WHERE c.shown ORDER BY c.position, c.id LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
  return rows;
}

export async function countShownCourses(db: Queryable): Promise<number> {
  const count = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM admin_courses WHERE shown');
  return count.rows[0]?.total ?? 0;
}

export async function shownCourse(
  db: Queryable,
  id: number,
): Promise<{ id: number; title: string; description: string | null } | undefined> {
  return (
    await db.query<{ id: number; title: string; description: string | null }>(
      'SELECT id, title, description FROM admin_courses WHERE id = $1 AND shown',
      [id],
    )
  ).rows[0];
}

/** A course's shown pages, in order (bounded: a course is a short onboarding sequence). */
export async function shownCoursePages(
  db: Queryable,
  courseId: number,
): Promise<{ id: number; title: string; content: string | null }[]> {
  const pages = await db.query<{ id: number; title: string; content: string | null }>(
    "SELECT id, title, content FROM admin_course_pages WHERE course_id = $1 AND status = 'shown' ORDER BY position, id LIMIT 200",
    [courseId],
  );
  return pages.rows;
}
