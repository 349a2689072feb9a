import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../../db';
import type { AppDeps } from '../../http/context';
import { Type } from '../../http/contract';
import { LANGUAGES, parseLanguageHeader, t, type Language } from '../../i18n/messages';
import { normaliseEmail } from '../../users/users';
import { businessAccountOf } from '../../modules/whitelabel/businessAccount.repository';
import {
  paymentsFor,
  PaymentMethodError,
  PaymentUnknownError,
  platformFee,
  type ChargeOutcome,
  type CheckoutState,
  type Payments,
} from '../../providers/payments';
import { defineSignupSweepWorker } from '../../workers/signupSweep';
import { connectedAccountOf } from '../../modules/whitelabel/billing.repository';
import { customerRoomRefusal, passwordHashFor } from '../../modules/whitelabel/customers.service';
import { PACKAGE_COLUMNS } from '../../modules/whitelabel/packages.repository';
import { type Package } from '../../modules/whitelabel/packages.schemas';
import {
  escapeHtml,
  referralCodeOf,
  renderSalesPage,
  type SalesPageData,
  type Values,
} from '../../modules/whitelabel/salesPageHtml';
import { salesSettingsOf } from '../../modules/whitelabel/salesSettings.repository';
import { emailTaken } from '../../modules/whitelabel/signupAccount.repository';
import {
  createSignupAccount,
  type SignupForm,
  type SignupPayment,
} from '../../modules/whitelabel/signupAccount.service';
import {
  completeSubscriptionSignup,
  expireSignup,
  intervalOf,
  priceOf,
  startSubscriptionCheckout,
} from './subscriptionSignup';

/**
 * Public sales pages (`/p/<slug>`): the reseller's own HTML and script, served by the API under a
 * Content-Security-Policy with `sandbox` (no allow-same-origin): the page runs in an opaque origin, so
 * nothing on it can read the app's localStorage token or cookies even though the URL shares the
 * app's host. See docs/adr/007-reseller-content.md.
 */
export function salesPageCsp(formOrigin: string): string {
  return [
    "default-src 'none'",
    "script-src 'unsafe-inline' https:",
    "style-src 'unsafe-inline' https:",
    // The reseller's uploaded logo is served by the app itself (/api/brand-images/{id}).
    `img-src ${formOrigin} https: data:`,
    'font-src https: data:',
    "connect-src 'none'",
    `form-action 'self' ${formOrigin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    'sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation',
  ].join('; ');
}

interface PageData extends SalesPageData {
  ownerId: number;
}

async function loadPage(q: Queryable, slug: string): Promise<PageData | null> {
  const { rows } = await q.query<Package & { owner_id: number }>(
    `SELECT ${PACKAGE_COLUMNS}, owner_id FROM whitelabel_packages WHERE slug = $1 AND show_on_sales_page`,
    [slug],
  );
  const pkg = rows[0];
  if (!pkg) return null;
  return {
    pkg,
    ownerId: pkg.owner_id,
    sales: await salesSettingsOf(q, pkg.id),
    account: await businessAccountOf(q, pkg.owner_id),
  };
}

function pageLanguage(request: FastifyRequest): Language {
  const query = (request.query as { lang?: string } | undefined)?.lang;
  if (query && (LANGUAGES as readonly string[]).includes(query)) return query as Language;
  return (
    parseLanguageHeader(request.headers['user-language']) ??
    parseLanguageHeader(request.headers['accept-language']) ??
    'en'
  );
}

const render = renderSalesPage;

function sendPage(reply: FastifyReply, request: FastifyRequest, status: number, html: string): FastifyReply {
  const origin = `${request.protocol}://${request.headers.host ?? 'localhost'}`;
  return reply
    .code(status)
    .header('content-security-policy', salesPageCsp(origin))
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

const slugParams = {
  type: 'object',
  additionalProperties: false,
  required: ['slug'],
  properties: { slug: { type: 'string', minLength: 1, maxLength: 80, pattern: '^[a-z0-9-]+$' } },
} as const;
// ref: a partner's referral code from the link the visitor came by (spec: attribution from a partner's link).
const langQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    lang: { type: 'string', maxLength: 5 },
    paid: { type: 'string', maxLength: 1 },
    ref: { type: 'string', maxLength: 60 },
  },
} as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function notFoundPage(reply: FastifyReply, request: FastifyRequest, lang: Language): FastifyReply {
  return sendPage(
    reply,
    request,
    404,
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>404</title></head><body><main><h1>${escapeHtml(t(lang, 'not_found'))}</h1></main></body></html>`,
  );
}

/**
 * Stripe Checkout finished for a pending sign-up: the account is made with the payment recorded, or,
 * when the email was taken or the reseller has no room meanwhile, the payment is refunded. Once: the
 * sign-up's status moves from pending in the same statement that claims it.
 */
async function completeSignup(
  deps: AppDeps,
  payments: Payments,
  signupId: number,
  paymentIntent: string,
): Promise<void> {
  const { db, clock } = deps;
  const signup = (
    await db.query<{
      owner_id: number;
      package_id: number;
      form: SignupForm;
      password_hash: string;
      amount_cents: number;
      status: string;
    }>('SELECT owner_id, package_id, form, password_hash, amount_cents, status FROM whitelabel_signups WHERE id = $1', [
      signupId,
    ])
  ).rows[0];
  if (!signup || signup.status === 'completed' || signup.status === 'refunded') return;
  const connected = await connectedAccountOf(db, signup.owner_id, payments.provider.name);
  if (signup.status === 'pending') {
    const pkg = (
      await db.query<Package>(`SELECT ${PACKAGE_COLUMNS} FROM whitelabel_packages WHERE id = $1`, [signup.package_id])
    ).rows[0]!;
    const payment: SignupPayment = {
      ref: paymentIntent,
      provider: payments.provider.name,
      amountCents: signup.amount_cents,
      connectedAccount: connected,
      applicationFeeCents: connected ? platformFee(payments.config, signup.amount_cents) : 0,
    };
    const created = await createSignupAccount(deps, {
      ownerId: signup.owner_id,
      pkg,
      form: signup.form,
      hash: signup.password_hash,
      payment,
      now: clock.now(),
      signupId,
    });
    if (typeof created === 'number' || created === 'done') return;
  }
  // Refused (email taken, no room) after the customer paid: the payment goes back. A lost answer throws,
  // and the retried job refunds again with the same key (the provider makes one refund).
  const outcome = await payments.provider.refund(
    paymentIntent,
    `leadsmith-salespage-refund-${paymentIntent}`,
    connected !== null,
  );
  if (outcome.status === 'refunded')
    await db.query(
      `UPDATE whitelabel_signups SET status = 'refunded', updated_at = $2 WHERE id = $1 AND status = 'refunding'`,
      [signupId, clock.now()],
    );
}

/**
 * A sign-up's Checkout Session as it ended, from its event or read by the sweep: completed makes the
 * account (or the subscription, then the account), expired ends the sign-up. Both paths are idempotent.
 */
async function settleCheckout(
  deps: AppDeps,
  payments: Payments,
  signupId: number,
  session: Pick<CheckoutState, 'status' | 'mode' | 'paid' | 'paymentIntent' | 'setupIntent'>,
): Promise<void> {
  if (session.status === 'expired') return expireSignup(deps.db, signupId, deps.clock.now());
  if (session.status !== 'complete') return;
  // A package sold as a subscription: the card is saved (setup mode), the subscription is made next.
  if (session.mode === 'setup') {
    if (session.setupIntent) await completeSubscriptionSignup(deps, payments, signupId, session.setupIntent);
    return;
  }
  if (session.paid && session.paymentIntent) await completeSignup(deps, payments, signupId, session.paymentIntent);
}

/** A pending sign-up is asked about once its Checkout's event is this late. */
export const SIGNUP_SWEEP_AFTER_MS = 30 * 60_000;
/** Stripe ends an unfinished Checkout Session after 24 hours; one still open later is ended by the sweep. */
export const CHECKOUT_LIFETIME_MS = 24 * 60 * 60_000;

/**
 * The sweep of sign-ups stuck pending (issue 25): their Checkout's event never came (lost, or the
 * endpoint was down longer than Stripe retries). Each is settled from the session as Stripe has it now;
 * a session still open after its lifetime is expired at Stripe first (so nothing can be paid on it
 * after the sign-up ended); a sign-up whose session was never made (a crash before it) ends after the
 * same delay. Returns how many were settled.
 */
export async function sweepPendingSignups(deps: AppDeps, payments: Payments): Promise<number> {
  const { db, clock } = deps;
  const provider = payments.provider;
  const now = clock.now();
  const { rows } = await db.query<{ id: number; checkout_ref: string | null; created_at: Date }>(
    `SELECT id, checkout_ref, created_at FROM whitelabel_signups WHERE status IN ('pending', 'refunding') AND updated_at < $1 ORDER BY id LIMIT 50`,
    [new Date(now.getTime() - SIGNUP_SWEEP_AFTER_MS)],
  );
  let settled = 0;
  for (const signup of rows) {
    if (!signup.checkout_ref) {
      await expireSignup(db, signup.id, now);
      settled += 1;
      continue;
    }
    if (!provider.getCheckout || !provider.expireCheckout) continue;
    try {
      let session = await provider.getCheckout(signup.checkout_ref);
      if (session.status === 'open' && now.getTime() - session.createdAt.getTime() > CHECKOUT_LIFETIME_MS)
        session = await provider.expireCheckout(signup.checkout_ref);
      if (session.status === 'open') continue;
      await settleCheckout(deps, payments, signup.id, session);
      settled += 1;
    } catch (error) {
      // Stripe unreachable: the next run asks again.
      if (!(error instanceof PaymentUnknownError)) throw error;
    }
  }
  return settled;
}

export function salesPageRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  const payments = paymentsFor(deps);
  const sessionOf = (object: Record<string, unknown>) => {
    const session = object as {
      mode?: string;
      status?: string;
      payment_status?: string;
      payment_intent?: string | null;
      setup_intent?: string | null;
    };
    return {
      status:
        session.status === 'complete'
          ? ('complete' as const)
          : session.status === 'expired'
            ? ('expired' as const)
            : ('open' as const),
      mode: session.mode === 'setup' ? ('setup' as const) : ('payment' as const),
      paid: session.payment_status === 'paid',
      paymentIntent: session.payment_intent ?? null,
      setupIntent: session.setup_intent ?? null,
    };
  };
  for (const type of ['checkout.session.completed', 'checkout.session.expired'] as const) {
    payments.events.on(type, async (event) => {
      const signupId = Number(event.data.object.metadata?.signup_id);
      if (!Number.isInteger(signupId)) return;
      // The event's own type says how it ended (an expired event is never a completion, and the reverse).
      const session = sessionOf(event.data.object);
      await settleCheckout(deps, payments, signupId, {
        ...session,
        status: type === 'checkout.session.expired' ? 'expired' : session.status,
      });
    });
  }
  defineSignupSweepWorker(deps.queue, () => sweepPendingSignups(deps, payments));
  const HtmlPage = { description: 'The page', content: { 'text/html': { schema: Type.String() } } };
  void app.register(async (scope) => {
    // An HTML form posts urlencoded; only this scope accepts it (the API stays JSON-only).
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 32 * 1024 },
      (_request, body, done) => {
        const text = typeof body === 'string' ? body : body.toString('utf8');
        done(null, Object.fromEntries(new URLSearchParams(text)));
      },
    );

    scope.get<{ Params: { slug: string }; Querystring: { lang?: string } }>(
      '/p/:slug',
      {
        schema: {
          summary: "A package's public sales page (HTML)",
          params: slugParams,
          querystring: langQuery,
          response: { 200: HtmlPage },
        },
      },
      async (request, reply) => {
        const lang = pageLanguage(request);
        const data = await loadPage(db, request.params.slug);
        if (!data) return notFoundPage(reply, request, lang);
        // Back from Stripe Checkout: the account is being made from the payment's event.
        if ((request.query as { paid?: string }).paid === '1')
          return sendPage(
            reply,
            request,
            200,
            render(lang, data, { provider: payments.provider.name, done: { loginUrl: '/login' } }),
          );
        return sendPage(
          reply,
          request,
          200,
          render(lang, data, {
            provider: payments.provider.name,
            referral: referralCodeOf((request.query as { ref?: string }).ref),
          }),
        );
      },
    );

    scope.post<{ Params: { slug: string }; Querystring: { lang?: string }; Body: Values }>(
      '/p/:slug',
      {
        schema: {
          summary:
            'Sign up from the sales page form: the page again (with its errors or the account made), or a redirect to the payment or thank-you page',
          params: slugParams,
          querystring: langQuery,
          body: { type: 'object', maxProperties: 40, additionalProperties: { type: 'string', maxLength: 500 } },
          response: { 200: HtmlPage, 303: { description: 'To the payment page, or to the package’s thank-you page' } },
        },
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const lang = pageLanguage(request);
        const data = await loadPage(db, request.params.slug);
        if (!data || !data.pkg.create_via_form) return notFoundPage(reply, request, lang);
        const { pkg, ownerId } = data;
        const v = request.body ?? {};
        const val = (k: string) => (v[k] ?? '').trim();
        const errors: Record<string, string> = {};
        const required = t(lang, 'validation.required');
        for (const k of ['first_name', 'last_name', 'email']) if (!val(k)) errors[k] = required;
        if (val('email') && !EMAIL.test(val('email'))) errors.email = t(lang, 'validation.email');
        if ((v.password ?? '').length < 6) errors.password = t(lang, 'validation.password_min', { min: 6 });
        const answers: Record<string, string> = {};
        pkg.custom_fields.forEach((f, i) => {
          const answer = val(`custom_${i}`);
          if (!answer && !f.optional) errors[`custom_${i}`] = required;
          else if (answer && f.type === 'dropdown' && !f.options.includes(answer))
            errors[`custom_${i}`] = t(lang, 'validation.invalid');
          if (answer) answers[f.label] = answer;
        });
        // Spec §6: the reseller's sub-account limit and related-account permission hold here too; checked before any charge.
        if (Object.keys(errors).length === 0 && (await customerRoomRefusal(db, ownerId)))
          errors.form = t(lang, 'whitelabel.sales_closed');
        const interval = intervalOf(pkg, val('billing_interval'));
        const amount =
          pkg.trial_days > 0 ? pkg.trial_amount_cents : (pkg.one_time_price_cents ?? priceOf(pkg, interval));
        const email = normaliseEmail(val('email'));
        const provider = payments.provider;
        const rerender = () =>
          sendPage(reply, request, 400, render(lang, data, { values: v, errors, provider: provider.name }));
        const paid = pkg.collect_payment_method && amount > 0;
        const origin = `${request.protocol}://${request.headers.host ?? 'localhost'}`;
        const successUrl = pkg.thank_you_url ?? `${origin}/p/${pkg.slug}?lang=${lang}&paid=1`;
        const cancelUrl = `${origin}/p/${pkg.slug}?lang=${lang}`;
        const token = val('card_token');
        if (paid && provider.name === 'sandbox' && !token)
          errors.card_number = t(lang, v.card_token === undefined ? 'validation.required' : 'whitelabel.card_invalid');
        if (Object.keys(errors).length === 0 && (await emailTaken(db, email))) errors.email = t(lang, 'email_taken');
        if (Object.keys(errors).length > 0) return rerender();
        const hash = await passwordHashFor(v.password ?? '');
        const form: SignupForm = {
          email,
          firstName: val('first_name'),
          lastName: val('last_name'),
          answers,
          lang,
          ref: referralCodeOf(val('ref')),
        };
        const connected = paid ? await connectedAccountOf(db, ownerId, provider.name) : null;
        const fee = connected ? platformFee(payments.config, amount) : 0;

        if (paid && provider.billing && pkg.one_time_price_cents === null) {
          // Stripe Billing: the card is saved on Checkout, then the package's subscription is made (subscriptionSignup.ts).
          try {
            const url = await startSubscriptionCheckout(deps, provider.billing, {
              ownerId,
              pkg,
              form,
              hash,
              interval,
              successUrl,
              cancelUrl,
              createCustomer: (key) => provider.createCustomer({ userId: 0, email }, key),
            });
            return reply.code(303).header('location', url).send();
          } catch {
            errors.form = t(lang, 'settings.payment_unavailable');
            return rerender();
          }
        }

        if (paid && provider.name === 'stripe') {
          // Stripe Checkout: the sign-up waits for its payment; the account is made by checkout.session.completed.
          const now = clock.now();
          const signupId = (
            await db.query<{ id: number }>(
              `INSERT INTO whitelabel_signups (owner_id, package_id, email, form, password_hash, amount_cents, status, created_at, updated_at)
               VALUES ($1, $2, $3, $4::jsonb, $5, $6, 'pending', $7, $7) RETURNING id`,
              [ownerId, pkg.id, email, JSON.stringify(form), hash, amount, now],
            )
          ).rows[0]!.id;
          try {
            const session = await provider.createCheckout!({
              amountCents: amount,
              productName: pkg.name,
              customerEmail: email,
              successUrl,
              cancelUrl,
              idempotencyKey: `leadsmith-signup-${signupId}`,
              metadata: { signup_id: String(signupId) },
              destinationAccount: connected,
              applicationFeeCents: fee,
            });
            await db.query('UPDATE whitelabel_signups SET checkout_ref = $2 WHERE id = $1', [signupId, session.id]);
            return reply.code(303).header('location', session.url).send();
          } catch {
            errors.form = t(lang, 'settings.payment_unavailable');
            return rerender();
          }
        }

        let payment: SignupPayment | null = null;
        if (paid) {
          // Test mode: the page's script turned the card into a token; the sandbox saves and charges it.
          let outcome: ChargeOutcome;
          try {
            const key = randomUUID();
            const customer = await provider.createCustomer({ userId: 0, email }, `leadsmith-salespage-customer-${key}`);
            const setup = await provider.startSetup(
              customer,
              { package_id: String(pkg.id) },
              `leadsmith-salespage-setup-${key}`,
            );
            const method = await provider.finishSetup(setup.id, customer, token);
            outcome = await provider.charge({
              customerRef: customer,
              paymentMethodRef: method.ref,
              amountCents: amount,
              currency: 'usd',
              description: pkg.name,
              idempotencyKey: `leadsmith-salespage-${key}`,
              offSession: false,
              metadata: { package_id: String(pkg.id) },
              destinationAccount: connected,
              applicationFeeCents: fee,
            });
          } catch (error) {
            if (!(error instanceof PaymentMethodError)) throw error;
            errors.card_number = t(lang, 'whitelabel.card_invalid');
            return rerender();
          }
          if (outcome.status !== 'succeeded' || !outcome.ref) {
            errors.card_number = t(lang, 'whitelabel.card_declined');
            return rerender();
          }
          payment = {
            ref: outcome.ref,
            provider: provider.name,
            amountCents: amount,
            connectedAccount: connected,
            applicationFeeCents: fee,
          };
        }
        const created = await createSignupAccount(deps, {
          ownerId,
          pkg,
          form,
          hash,
          payment,
          now: clock.now(),
          interval: payment && pkg.one_time_price_cents === null ? interval : undefined,
        });
        if (typeof created !== 'number') {
          // Taken or closed while the card was charged: the charge goes back (once, keyed by its reference).
          if (payment)
            await provider.refund(
              payment.ref,
              `leadsmith-salespage-refund-${payment.ref}`,
              payment.connectedAccount !== null,
            );
          if (created === null) errors.email = t(lang, 'email_taken');
          else errors.form = t(lang, 'whitelabel.sales_closed');
          return rerender();
        }
        const appOrigin = data.account
          ? `${request.protocol}://${data.account.domain}${request.headers.host?.includes(':') ? `:${request.headers.host.split(':').pop()}` : ''}`
          : '';
        const loginUrl = `${appOrigin}/confirm-email?${new URLSearchParams({ email: form.email, sent: '1' }).toString()}`;
        if (pkg.thank_you_url) return reply.code(303).header('location', pkg.thank_you_url).send();
        return sendPage(reply, request, 201, render(lang, data, { done: { loginUrl } }));
      },
    );
  });
}
