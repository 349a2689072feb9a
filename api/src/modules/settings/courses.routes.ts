import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { paymentsFor, PaymentUnknownError } from '../../providers/payments';
import { Empty, IdParams, Nullable, Page, PageQuery, StringEnum, Type } from '../../http/contract';
import { notFound } from './account.schemas';
import { escapeHtml } from '../../mail/renderEmail';
import { sanitizeHtml } from '../../modules/whitelabel/sanitizeHtml';
import { publishedCourse, publishedCourses, trainingSourceFor } from '../../modules/whitelabel/trainingContent.service';

/**
 * An onboarding page of the super admin as its reader gets it: its HTML (written in the rich-text field)
 * rebuilt by the allowlist sanitiser, as a reseller's lesson is; a text saved before that field (no markup)
 * becomes paragraphs, one per blank line, its line breaks kept.
 */
export function onboardingPageHtml(content: string | null): string | null {
  if (content === null || content.trim() === '') return null;
  const html = /<[a-z][^>]*>/i.test(content)
    ? content
    : content
        .split(/\n{2,}/)
        .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
        .join('');
  return sanitizeHtml(html);
}

/** Which billing portal manages the user's subscription (spec §7 GET api/wl/check-billing-portals). */
export function billingPortal(env: NodeJS.ProcessEnv = process.env): {
  type: 'stripe' | 'paykickstart';
  value: string;
} {
  const configured = env.BILLING_PORTAL_TYPE?.trim();
  const type =
    configured === 'paykickstart' || configured === 'stripe'
      ? configured
      : env.STRIPE_SECRET_KEY?.trim()
        ? 'stripe'
        : 'paykickstart';
  const fallback = type === 'stripe' ? 'https://billing.stripe.com/p/login' : 'https://app.paykickstart.com/billing';
  return { type, value: env.BILLING_PORTAL_URL?.trim() || fallback };
}

/**
 * The portal that manages this user's billing, from what is connected: a reseller's customer follows
 * its reseller (PayKickstart's portal when the reseller bills through PayKickstart); with Stripe, the
 * customer's own Stripe customer-portal session; in test mode, the wallet (where cards are managed)
 * for a reseller connected in the sandbox; otherwise the operator's setting (billingPortal).
 */
export async function billingPortalFor(
  deps: Pick<AppDeps, 'db' | 'queue' | 'clock'>,
  userId: number,
  returnUrl: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ type: 'stripe' | 'paykickstart'; value: string }> {
  const { db } = deps;
  const payments = paymentsFor(deps);
  const reseller = (
    await db.query<{ billing_type: 'stripe' | 'paykickstart'; account_id: string | null }>(
      `SELECT a.billing_type, a.account_id FROM users u JOIN whitelabel_payment_accounts a ON a.owner_id = u.parent_id WHERE u.id = $1 AND u.user_type = 'customer'`,
      [userId],
    )
  ).rows[0];
  if (reseller?.billing_type === 'paykickstart')
    return { type: 'paykickstart', value: env.BILLING_PORTAL_URL?.trim() || 'https://app.paykickstart.com/billing' };
  const provider = payments.provider;
  if (provider.portalUrl) {
    const customer = (
      await db.query<{ customer_ref: string }>(
        'SELECT customer_ref FROM payment_customers WHERE user_id = $1 AND provider = $2',
        [userId, provider.name],
      )
    ).rows[0];
    if (customer) {
      try {
        return { type: 'stripe', value: await provider.portalUrl(customer.customer_ref, returnUrl) };
      } catch (error) {
        if (!(error instanceof PaymentUnknownError)) throw error;
      }
    }
  }
  if (reseller?.account_id && provider.name === 'sandbox') return { type: 'stripe', value: '/settings/wallet' };
  const operator = billingPortal(env);
  // A customer whose reseller bills through Stripe is never sent to the operator's PayKickstart portal.
  if (reseller?.billing_type === 'stripe' && operator.type !== 'stripe')
    return { type: 'stripe', value: 'https://billing.stripe.com/p/login' };
  return operator;
}

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
      const { page, pageSize } = request.query;
      const source = await trainingSourceFor(db, request.user!.id);
      if (source.kind === 'hidden') return { data: [], currentPage: page, pageSize, total: 0, training_center: false };
      if (source.kind === 'reseller')
        return {
          ...(await publishedCourses(db, source.ownerId, page, pageSize)),
          currentPage: page,
          pageSize,
          training_center: true,
        };
      const { rows } = await db.query<{ id: number; title: string; description: string | null; pages: number }>(
        `SELECT c.id, c.title, c.description, (SELECT count(*)::int FROM admin_course_pages p WHERE p.course_id = c.id AND p.status = 'shown') AS pages
         FROM admin_courses c WHERE c.shown ORDER BY c.position, c.id LIMIT $1 OFFSET $2`,
        [pageSize, (page - 1) * pageSize],
      );
      const count = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM admin_courses WHERE shown');
      return { data: rows, currentPage: page, pageSize, total: count.rows[0]?.total ?? 0, training_center: true };
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
      const source = await trainingSourceFor(db, request.user!.id);
      if (source.kind === 'hidden') throw notFound();
      if (source.kind === 'reseller') {
        const own = await publishedCourse(db, source.ownerId, request.params.id);
        if (!own) throw notFound();
        return { data: own };
      }
      const course = (
        await db.query<{ id: number; title: string; description: string | null }>(
          'SELECT id, title, description FROM admin_courses WHERE id = $1 AND shown',
          [request.params.id],
        )
      ).rows[0];
      if (!course) throw notFound();
      // Bounded: a course is a short onboarding sequence.
      const pages = await db.query<{ id: number; title: string; content: string | null }>(
        "SELECT id, title, content FROM admin_course_pages WHERE course_id = $1 AND status = 'shown' ORDER BY position, id LIMIT 200",
        [course.id],
      );
      return {
        data: {
          ...course,
          pages: pages.rows.map((p) => ({
            ...p,
            content: null,
            video_url: null,
            body_html: onboardingPageHtml(p.content),
          })),
        },
      };
    },
  );
}
