import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { listTypeIn, type ListPath } from './listPath';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { IdParams, MessageProperties, Nullable, StringEnum, Timestamp, Type } from '../../http/contract';
import { ApiError, validationError } from '../../http/errors';
import { EMAIL_GRADES, emailGraderSource } from '../../providers/leads/emailGrades';
import { validSyntax } from '../../providers/leads/domain/verify';
import { enqueueEmailVerify } from '../../workers/emailVerify';
import { say } from '../../http/respond';
import { accountIdOf } from '../settings/account.repository';
import { loadCampaign, notFound } from './campaigns.service';
import { accountOfBounceToken, countUngraded, gradeSummary, gradingUnderway } from './emailGrades.repository';
import { BOUNCE_PATH, bounceEndpoint, reportBounce } from './emailGrades.service';

const GradeCounts = Type.Object(
  Object.fromEntries(EMAIL_GRADES.map((g) => [g, Type.Integer()])) as Record<
    (typeof EMAIL_GRADES)[number],
    ReturnType<typeof Type.Integer>
  >,
);
const BounceEndpoint = Type.Object({
  url: Type.String({
    description: 'POST { email, reason? } here to report a bounce; the token in the path is the proof.',
  }),
  recent: Type.Array(
    Type.Object({
      email: Type.String(),
      reason: Nullable(Type.String()),
      results: Type.Integer(),
      refunded: Type.Integer(),
      created_at: Timestamp(),
    }),
  ),
});

/**
 * Email verification grades (ADR 036): grade a list's emails in the background (Hunter's Email Verifier with a key,
 * else the keyless checks), the list's counts per grade, and the bounce reports of CRMs and webhook receivers,
 * which refund a verified email that bounced once.
 */
export function emailGradeRoutes(api: FastifyInstance, { db, queue, clock }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = { onRequest: [app.requireAuth, app.requireModule('leads')] };

  const verifyRoute = (path: ListPath<'/verify-emails'>) =>
    app.post(
      path,
      {
        ...guard,
        schema: {
          summary:
            "Grades the list's ungraded emails in the background (valid, accept-all, invalid, disposable, webmail, unknown)",
          params: IdParams,
          response: {
            202: Type.Object({
              ...MessageProperties,
              queued: Type.Integer({ description: 'Emails that will be graded.' }),
            }),
          },
        },
      },
      async (request, reply) => {
        const campaign = await loadCampaign(db, currentUser(request).id, request.params.id);
        if (campaign.list_type !== listTypeIn(path)) throw notFound();
        const queued = await countUngraded(db, campaign.id);
        if (queued > 0) await enqueueEmailVerify(queue, campaign.id);
        reply.code(202);
        return { ...say(request, queued > 0 ? 'lists.verify_queued' : 'lists.verify_nothing', { n: queued }), queued };
      },
    );
  // Each path written out: a grep for one finds its registration.
  verifyRoute('/api/people-results/:id/verify-emails');
  verifyRoute('/api/local-results/:id/verify-emails');
  verifyRoute('/api/company-results/:id/verify-emails');
  verifyRoute('/api/domain-results/:id/verify-emails');
  verifyRoute('/api/influencer-results/:id/verify-emails');
  verifyRoute('/api/intent-results/:id/verify-emails');
  verifyRoute('/api/group-results/:id/verify-emails');

  app.get(
    '/api/campaigns/:id/email-grades',
    {
      ...guard,
      schema: {
        summary: "How many of the list's emails have each grade, and how many are still ungraded",
        params: IdParams,
        response: {
          200: Type.Object({
            counts: GradeCounts,
            ungraded: Type.Integer(),
            grading: Type.Boolean({
              description:
                "Grades are on their way: the list's grading is queued or running, or its search is (its end queues the grading).",
            }),
            verifier: StringEnum(['hunter', 'checks'] as const),
          }),
        },
      },
    },
    async (request) => {
      const campaign = await loadCampaign(db, currentUser(request).id, request.params.id);
      const { counts, ungraded } = await gradeSummary(db, campaign.id);
      return { counts, ungraded, grading: await gradingUnderway(db, campaign.id), verifier: emailGraderSource() };
    },
  );

  const originOf = (request: { protocol: string; headers: { host?: string } }) =>
    `${request.protocol}://${request.headers.host ?? 'localhost'}`;

  app.get(
    '/api/bounce-reports',
    {
      ...guard,
      schema: {
        summary: 'Where your CRM or webhook receiver reports bounced emails, and the latest reports',
        response: { 200: BounceEndpoint },
      },
    },
    async (request) => bounceEndpoint(db, await accountIdOf(db, currentUser(request).id), originOf(request)),
  );

  app.post(
    '/api/bounce-reports/regenerate',
    {
      ...guard,
      schema: {
        summary: 'Replaces the bounce report address (the old one stops working)',
        response: { 200: Type.Object({ ...MessageProperties, ...BounceEndpoint.properties }) },
      },
    },
    async (request) => ({
      ...say(request, 'lists.bounce_endpoint_regenerated'),
      ...(await bounceEndpoint(db, await accountIdOf(db, currentUser(request).id), originOf(request), true)),
    }),
  );

  app.post(
    `${BOUNCE_PATH}/:token`,
    {
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        summary:
          'A CRM or webhook receiver reports a bounced email (the token in the path instead of a sign-in); a verified email is refunded once',
        params: Type.Object(
          { token: Type.String({ minLength: 20, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) },
          { additionalProperties: false },
        ),
        body: Type.Object({
          email: Type.String({ minLength: 3, maxLength: 254 }),
          reason: Type.Optional(Type.String({ maxLength: 200 })),
        }),
        response: { 200: Type.Object({ ...MessageProperties, results: Type.Integer(), refunded: Type.Integer() }) },
      },
    },
    async (request) => {
      const accountId = await accountOfBounceToken(db, request.params.token);
      if (!accountId) throw new ApiError(404, 'not_found');
      const email = request.body.email.trim().toLowerCase();
      if (!validSyntax(email)) throw validationError({ field: 'email', code: 'validation.email' });
      const outcome = await reportBounce(db, accountId, email, request.body.reason?.trim() || null, clock.now());
      return {
        ...say(request, 'lists.bounce_recorded', { results: outcome.results, refunded: outcome.refunded }),
        ...outcome,
      };
    },
  );
}
