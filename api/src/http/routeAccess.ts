import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Clock } from '../clock';
import { licenseExpired, licenseExpiredError } from '../users/license';
import type { ModuleSlug } from '../users/users';
import { forbidden } from './errors';

/**
 * Which access a route needs, stated once per route here — the route table of access. A team
 * member (users.team_owner_id set) works on its owner's account, so what it may reach is decided
 * here and not left to each handler:
 * - `public`: no sign-in (the route may still read an optional one);
 * - `signed_in`: any signed-in user, team members included, acting on their own user (profile,
 *   own password and email, sign-out);
 * - a module slug (an access option a team member can be given): team members need it;
 * - `account_owner`: never a team member (integrations, CRM connections, API keys, credit usage,
 *   the team itself): these act with the whole account's authority.
 * A related account (role `related`, a sub-account) never holds `whitelabel` or `admin`: the sign-in
 * drops them from its modules (users/roles.ts), so those rules refuse them (ADR 052). An account whose
 * licence has expired is refused every route but the open ones (ADR 046).
 * Routes keep their own sign-in and module hooks for every user; this adds the team-member rule
 * after them. A route without an entry stops the start (see installRouteAccess), so a new route
 * cannot ship without saying who may call it.
 */
export type RouteAccess = 'public' | 'signed_in' | 'account_owner' | ModuleSlug;

type Rule = readonly [method: string, pattern: RegExp, access: RouteAccess];

/** First match wins. Patterns are anchored on the registered URL (`:id` placeholders as written). */
const RULES: readonly Rule[] = [
  // Public: sign-in flows, health, client error log, site branding, the remote registry, sales pages, the intent pixel.
  ['POST', /^\/auth\/logout$/, 'signed_in'],
  ['*', /^\/auth\//, 'public'],
  ['GET', /^\/api\/(health|live|ready|maintenance|client-config)$/, 'public'],
  // Prometheus scrapes with METRICS_TOKEN, checked by the route itself (ops/metricsRoute.ts).
  ['GET', /^\/metrics$/, 'public'],
  ['POST', /^\/api\/log-app-error$/, 'public'],
  ['POST', /^\/api\/site-settings$/, 'public'],
  // The support chat's sandboxed frame: no account data until the signed-in shell posts it (chatWidget.ts).
  ['GET', /^\/api\/chat-widget\/frame$/, 'public'],
  ['GET', /^\/api\/chat-widget$/, 'signed_in'],
  // A reseller's uploaded logo and favicon: the login page shows them before a sign-in (random ids).
  ['GET', /^\/api\/brand-images\/:id$/, 'public'],
  ['GET', /^\/api\/remote-registry$/, 'public'],
  ['*', /^\/p\/:slug$/, 'public'],
  // PayKickstart's IPN: verified by the reseller's secret key, not a sign-in.
  ['POST', /^\/api\/paykickstart\/ipn\/:token$/, 'public'],
  ['GET', /^\/api\/intent\/collect$/, 'public'],
  // A finished export's file: the signed, short-lived link is the proof (a plain link cannot send the bearer token).
  ['GET', /^\/api\/list-exports\/:id\/file$/, 'public'],
  // Apollo's phone reveal webhook: the unguessable per-reveal token in its path instead of a sign-in (Apollo signs nothing).
  ['POST', /^\/api\/lead-sources\/apollo\/phones\/:token$/, 'public'],
  // Bounce reports of a CRM or webhook receiver: the account's unguessable token in the path instead of a sign-in (ADR 036).
  ['POST', /^\/api\/email-bounces\/:token$/, 'public'],
  // Stripe's events: signed with the endpoint secret instead of a sign-in.
  ['POST', /^\/api\/payments\/stripe\/webhook$/, 'public'],
  ['GET', /^\/api\/dev\/outbox$/, 'public'],
  // The TLS proxy asks whether a host is served before it gets a certificate (whitelabel/domainVerification.ts).
  ['GET', /^\/api\/domains\/check$/, 'public'],
  ['POST', /^\/api\/dev\/clock$/, 'public'],
  // The API's OpenAPI document and its documentation page (http/openapi.ts).
  ['GET', /^\/api\/(openapi\.json|docs(\/.*)?)$/, 'public'],
  // The web app's files (shell and remotes): public, they hold no account data.
  ['GET', /^\/remotes\/:folder\/:version\/\*$/, 'public'],
  ['GET', /^\/(\*)?$/, 'public'],
  // The signed-in user's own things.
  ['*', /^\/api\/me$/, 'signed_in'],
  ['GET', /^\/api\/license$/, 'signed_in'],
  ['GET', /^\/api\/user-limits$/, 'signed_in'],
  ['GET', /^\/api\/campaign-types$/, 'signed_in'],
  ['*', /^\/api\/mail-change(\/|$)/, 'signed_in'],
  ['*', /^\/api\/user-password$/, 'signed_in'],
  ['GET', /^\/api\/courses(\/|$)/, 'signed_in'],
  ['GET', /^\/api\/topics$/, 'signed_in'],
  ['GET', /^\/api\/ai-model$/, 'signed_in'],
  ['GET', /^\/api\/wl\/check-billing-portals$/, 'signed_in'],
  ['POST', /^\/api\/(accept-terms|disable-credit-popup)$/, 'signed_in'],
  // The account's authority: owner only.
  ['*', /^\/api\/me\/google-api-key$/, 'account_owner'],
  ['*', /^\/api\/integrations\//, 'account_owner'],
  ['*', /^\/api\/crm\//, 'account_owner'],
  ['*', /^\/api\/user-api-key(\/|$)/, 'account_owner'],
  ['GET', /^\/api\/credit-usage-statistic$/, 'account_owner'],
  ['*', /^\/api\/team-members(\/|$)/, 'account_owner'],
  // Personal data: export, retention, deleting the account (modules/settings/privacy.routes.ts).
  ['*', /^\/api\/account\//, 'account_owner'],
  // Access options.
  ['*', /^\/api\/admin(\/|$)/, 'admin'],
  ['*', /^\/api\/whitelabel(\/|$)/, 'whitelabel'],
  ['*', /^\/api\/wallet(\/|$)/, 'wallet'],
  ['*', /^\/api\/ai\//, 'ai_suggest'],
  ['POST', /^\/api\/calculate-tokens-ai-training$/, 'ai_suggest'],
  ['GET', /^\/api\/get-all-openai-default-questions$/, 'ai_suggest'],
  ['*', /^\/api\/business-details\//, 'ai_suggest'],
  [
    '*',
    /^\/api\/(campaigns|searches|search-options|custom-labels|autopilots|saved-searches|saved-search-alerts|list-exports|workflows|workflow-templates|campaign-webhook|campaign-webhook-setup|intent-tracking|suppressions|list-operations|campaign-trash|list-views|bounce-reports|import-mappings)(\/|$)/,
    'leads',
  ],
  ['POST', /^\/api\/campaign\/:id\/history$/, 'leads'],
  // The header's search over the account's lists and results (modules/leadSearch/globalSearch.routes.ts).
  ['GET', /^\/api\/global-search$/, 'leads'],
  ['*', /^\/api\/[a-z]+-results\//, 'leads'],
];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's access, stated beside it instead of in the table (tests' own routes use this). */
    access?: RouteAccess;
  }
}

/**
 * Routes an impersonation token may not call: they would outlive the hour-long impersonation (an
 * API key) or take the account over (email, password), or chain impersonations.
 */
const NOT_WHILE_IMPERSONATING: readonly (readonly [method: string, pattern: RegExp])[] = [
  ['POST', /^\/api\/user-api-key$/],
  ['*', /^\/api\/mail-change(\/|$)/],
  ['*', /^\/api\/user-password$/],
  ['POST', /^\/api\/admin\/users\/:id\/impersonate$/],
  ['POST', /^\/api\/account\/deletion$/],
];

/**
 * Routes beyond `public` and `signed_in` an account whose licence has expired may still call (ADR 046):
 * its personal data (export, deletion), which the licence does not decide. `public` and `signed_in`
 * routes (session, profile, sign-out, GET /api/license, the billing portal check, terms) stay open too;
 * every other route answers 403 `license_expired`.
 */
const OPEN_AFTER_LICENSE_EXPIRY: readonly (readonly [method: string, pattern: RegExp])[] = [['*', /^\/api\/account\//]];

/** The access a route needs, or undefined when the table has no entry for it. */
export function routeAccess(method: string, url: string): RouteAccess | undefined {
  return RULES.find(([m, pattern]) => (m === '*' || m === method) && pattern.test(url))?.[2];
}

function accessRule(access: RouteAccess, refusesImpersonation: boolean, clock: Clock, needsLicense: boolean) {
  return async function routeAccessRule(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const user = request.user;
    if (!user) return;
    if (refusesImpersonation && user.impersonatorId !== null) throw forbidden();
    if (needsLicense && licenseExpired(user.licenseExpiresAt, clock.now()))
      throw licenseExpiredError(user.licenseExpiresAt!);
    if (user.userType !== 'team_member' || access === 'public' || access === 'signed_in') return;
    if (access === 'account_owner' || !user.modules.includes(access)) throw forbidden();
  };
}

/**
 * Adds the team-member and licence rules to every route as it is registered (after the route's own onRequest
 * hooks, so the user is known). Call before any route is registered. A route the table does not
 * cover throws at registration: the app does not start.
 */
export function installRouteAccess(app: FastifyInstance, clock: Clock): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = [route.method].flat().filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
    if (methods.length === 0) return;
    const stated = (route.config as { access?: RouteAccess } | undefined)?.access;
    const found = methods.map((m) => stated ?? routeAccess(m, route.url));
    if (found.some((a) => a === undefined))
      throw new Error(
        `${methods.join(',')} ${route.url} has no entry in the route access table (api/src/http/routeAccess.ts)`,
      );
    const access = found[0]!;
    const refusesImpersonation = methods.some((m) =>
      NOT_WHILE_IMPERSONATING.some(([rm, pattern]) => (rm === '*' || rm === m) && pattern.test(route.url)),
    );
    const needsLicense =
      access !== 'public' &&
      access !== 'signed_in' &&
      !methods.some((m) =>
        OPEN_AFTER_LICENSE_EXPIRY.some(([rm, pattern]) => (rm === '*' || rm === m) && pattern.test(route.url)),
      );
    if (access === 'public' || (access === 'signed_in' && !refusesImpersonation)) return;
    const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [
      ...own,
      accessRule(access, refusesImpersonation, clock, needsLicense),
    ] as RouteOptions['onRequest'];
  });
}
