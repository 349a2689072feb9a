import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../../db';
import type { AppDeps } from '../../http/context';
import { Type } from '../../http/contract';
import { isLanguage, parseLanguageHeader, t, type Language } from '../../i18n/messages';
import { normaliseEmail } from '../../users/users';
import { paymentsFor, PaymentMethodError, platformFee, type ChargeOutcome } from '../../providers/payments';
import { businessAccountOf } from './businessAccount.repository';
import { connectedAccountOf } from './billing.repository';
import { customerRoomRefusal, passwordHashFor } from './customers.service';
import { salesPackageBySlug } from './packages.repository';
import { chargeCardOnPage, registerCheckoutEvents, startCheckoutSignup } from './salesPage.service';
import { escapeHtml, referralCodeOf, renderSalesPage, type SalesPageData, type Values } from './salesPageHtml';
import { salesSettingsOf } from './salesSettings.repository';
import { emailTaken } from './signupAccount.repository';
import { createSignupAccount, type SignupForm, type SignupPayment } from './signupAccount.service';
import { intervalOf, priceOf, startSubscriptionCheckout } from './subscriptionSignup.service';

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
  const pkg = await salesPackageBySlug(q, slug);
  if (!pkg) return null;
  return {
    pkg,
    ownerId: pkg.owner_id,
    sales: await salesSettingsOf(q, pkg.id),
    account: await businessAccountOf(q, pkg.owner_id),
  };
}

/** The page's language: `?lang=` when it is one of ours, else the browser's. */
function pageLanguage(request: FastifyRequest, asked: string | undefined): Language {
  if (isLanguage(asked)) return asked;
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

const SlugParams = Type.Object(
  { slug: Type.String({ minLength: 1, maxLength: 80, pattern: '^[a-z0-9-]+$' }) },
  { additionalProperties: false },
);
// ref: a partner's referral code from the link the visitor came by (spec: attribution from a partner's link).
const LangQuery = Type.Object(
  {
    lang: Type.Optional(Type.String({ maxLength: 5 })),
    paid: Type.Optional(Type.String({ maxLength: 1 })),
    ref: Type.Optional(Type.String({ maxLength: 60 })),
  },
  { additionalProperties: false },
);
/** The form's fields as posted (urlencoded): names the page chose, each a string. */
const FormBody = Type.Unsafe<Values>({
  type: 'object',
  maxProperties: 40,
  additionalProperties: Type.String({ maxLength: 500 }),
});
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function notFoundPage(reply: FastifyReply, request: FastifyRequest, lang: Language): FastifyReply {
  return sendPage(
    reply,
    request,
    404,
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>404</title></head><body><main><h1>${escapeHtml(t(lang, 'not_found'))}</h1></main></body></html>`,
  );
}

export function salesPageRoutes(api: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  const payments = paymentsFor(deps);
  registerCheckoutEvents(deps, payments);
  const HtmlPage = { description: 'The page', content: { 'text/html': { schema: Type.String() } } };
  void api.register(async (scope) => {
    const app = scope.withTypeProvider<TypeBoxTypeProvider>();
    // An HTML form posts urlencoded; only this scope accepts it (the API stays JSON-only).
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 32 * 1024 },
      (_request, body, done) => {
        const text = typeof body === 'string' ? body : body.toString('utf8');
        done(null, Object.fromEntries(new URLSearchParams(text)));
      },
    );

    app.get(
      '/p/:slug',
      {
        schema: {
          summary: "A package's public sales page (HTML)",
          params: SlugParams,
          querystring: LangQuery,
          response: { 200: HtmlPage },
        },
      },
      async (request, reply) => {
        const lang = pageLanguage(request, request.query.lang);
        const data = await loadPage(db, request.params.slug);
        if (!data) return notFoundPage(reply, request, lang);
        // Back from Stripe Checkout: the account is being made from the payment's event.
        if (request.query.paid === '1')
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
            referral: referralCodeOf(request.query.ref),
          }),
        );
      },
    );

    app.post(
      '/p/:slug',
      {
        schema: {
          summary:
            'Sign up from the sales page form: the page again (with its errors or the account made), or a redirect to the payment or thank-you page',
          params: SlugParams,
          querystring: LangQuery,
          body: FormBody,
          response: { 200: HtmlPage, 303: { description: 'To the payment page, or to the package’s thank-you page' } },
        },
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const lang = pageLanguage(request, request.query.lang);
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
          // Stripe Billing: the card is saved on Checkout, then the package's subscription is made (subscriptionSignup.service.ts).
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
          try {
            const url = await startCheckoutSignup(deps, payments, {
              ownerId,
              pkg,
              form,
              hash,
              amount,
              successUrl,
              cancelUrl,
              connected,
              fee,
            });
            return reply.code(303).header('location', url).send();
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
            outcome = await chargeCardOnPage(provider, { pkg, email, token, amount, connected, fee });
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
