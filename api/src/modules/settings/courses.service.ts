import type { Queryable } from '../../db';
import type { AppDeps } from '../../http/context';
import { pageOf, pageWindow, type PageQueryOf } from '../../http/contract';
import { escapeHtml } from '../../mail/renderEmail';
import { paymentsFor, PaymentUnknownError } from '../../providers/payments';
import { sanitizeHtml } from '../whitelabel/sanitizeHtml';
import { publishedCourse, publishedCourses, trainingSourceFor } from '../whitelabel/trainingContent.service';
import { notFound } from './account.service';
import {
  countShownCourses,
  resellerBillingOf,
  shownCourse,
  shownCoursePages,
  shownCourses,
} from './courses.repository';
import { paymentCustomerRefOf } from './wallet.repository';

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
  const reseller = await resellerBillingOf(db, userId);
  if (reseller?.billing_type === 'paykickstart')
    return { type: 'paykickstart', value: env.BILLING_PORTAL_URL?.trim() || 'https://app.paykickstart.com/billing' };
  const provider = payments.provider;
  if (provider.portalUrl) {
    const customer = await paymentCustomerRefOf(db, userId, provider.name);
    if (customer) {
      try {
        return { type: 'stripe', value: await provider.portalUrl(customer, returnUrl) };
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

/** One page of the courses the user is shown (the platform's or its reseller's; none when the reseller hides them). */
export async function coursesFor(db: Queryable, userId: number, query: PageQueryOf) {
  const source = await trainingSourceFor(db, userId);
  if (source.kind === 'hidden') return { ...pageOf([], query, 0), training_center: false };
  if (source.kind === 'reseller') {
    const { rows, total } = await publishedCourses(db, source.ownerId, pageWindow(query));
    return { ...pageOf(rows, query, total), training_center: true };
  }
  const rows = await shownCourses(db, pageWindow(query));
  return { ...pageOf(rows, query, await countShownCourses(db)), training_center: true };
}

/** One course the user is shown, with its shown lessons (404 for any other). */
export async function courseFor(db: Queryable, userId: number, id: number) {
  const source = await trainingSourceFor(db, userId);
  if (source.kind === 'hidden') throw notFound();
  if (source.kind === 'reseller') {
    const own = await publishedCourse(db, source.ownerId, id);
    if (!own) throw notFound();
    return own;
  }
  const course = await shownCourse(db, id);
  if (!course) throw notFound();
  const pages = await shownCoursePages(db, course.id);
  return {
    ...course,
    pages: pages.map((p) => ({
      ...p,
      content: null,
      video_url: null,
      body_html: onboardingPageHtml(p.content),
    })),
  };
}
