import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { emptyObjectSchema, objectSchema } from '../../http/schemas';
import { idParamsSchema, notFound, pageQuerySchema, type PageQuery } from './account';
import { publishedCourse, publishedCourses, trainingSourceFor } from '../whitelabel/trainingContent';

/** Which billing portal manages the user's subscription (spec §7 GET api/wl/check-billing-portals). */
export function billingPortal(env: NodeJS.ProcessEnv = process.env): { type: 'stripe' | 'paykickstart'; value: string } {
  const configured = env.BILLING_PORTAL_TYPE?.trim();
  const type = configured === 'paykickstart' || configured === 'stripe' ? configured : env.STRIPE_SECRET_KEY?.trim() ? 'stripe' : 'paykickstart';
  const fallback = type === 'stripe' ? 'https://billing.stripe.com/p/login' : 'https://app.paykickstart.com/billing';
  return { type, value: env.BILLING_PORTAL_URL?.trim() || fallback };
}

/**
 * Courses (onboarding training): the super admin's (the admin area's course tables, read only), or for a
 * reseller's customer the reseller's own training content (white-label area; `trainingSourceFor` decides,
 * honouring the reseller's `show_training_center`). Only shown courses and their shown pages are listed.
 */
export function courseRoutes(app: FastifyInstance, { db }: AppDeps): void {
  app.get('/api/wl/check-billing-portals', { onRequest: app.requireAuth, schema: { querystring: emptyObjectSchema } }, async () => billingPortal());

  app.get<{ Querystring: PageQuery }>('/api/courses', { onRequest: app.requireAuth, schema: { querystring: objectSchema(pageQuerySchema) } }, async (request) => {
    const { page, pageSize } = request.query;
    const source = await trainingSourceFor(db, request.user!.id);
    if (source.kind === 'hidden') return { data: [], currentPage: page, pageSize, total: 0, training_center: false };
    if (source.kind === 'reseller') return { ...(await publishedCourses(db, source.ownerId, page, pageSize)), currentPage: page, pageSize, training_center: true };
    const { rows } = await db.query<{ id: number; title: string; description: string | null; pages: number }>(
      `SELECT c.id, c.title, c.description, (SELECT count(*)::int FROM admin_course_pages p WHERE p.course_id = c.id AND p.status = 'shown') AS pages
         FROM admin_courses c WHERE c.shown ORDER BY c.position, c.id LIMIT $1 OFFSET $2`,
      [pageSize, (page - 1) * pageSize],
    );
    const count = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM admin_courses WHERE shown');
    return { data: rows, currentPage: page, pageSize, total: count.rows[0]?.total ?? 0, training_center: true };
  });

  app.get<{ Params: { id: number } }>('/api/courses/items/:id', { onRequest: app.requireAuth, schema: { params: idParamsSchema } }, async (request) => {
    const source = await trainingSourceFor(db, request.user!.id);
    if (source.kind === 'hidden') throw notFound();
    if (source.kind === 'reseller') {
      const own = await publishedCourse(db, source.ownerId, request.params.id);
      if (!own) throw notFound();
      return { data: own };
    }
    const course = (await db.query<{ id: number; title: string; description: string | null }>('SELECT id, title, description FROM admin_courses WHERE id = $1 AND shown', [request.params.id])).rows[0];
    if (!course) throw notFound();
    // Bounded: a course is a short onboarding sequence.
    const pages = await db.query<{ id: number; title: string; content: string | null }>(
      "SELECT id, title, content FROM admin_course_pages WHERE course_id = $1 AND status = 'shown' ORDER BY position, id LIMIT 200",
      [course.id],
    );
    return { data: { ...course, pages: pages.rows.map((p) => ({ ...p, video_url: null, body_html: null })) } };
  });
}
