import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Nullable, Type } from '../../http/contract';
import type { AppDeps } from '../../http/context';
import { ApiError } from '../../http/errors';
import { APOLLO_PHONE_WEBHOOK_PATH } from '../../providers/leads/apolloProvider';
import { receivePhoneWebhook } from './phoneReveals.service';

/** Apollo's phone webhook body (https://docs.apollo.io/reference/poll-webhook-result, request_type `phone`): only `people` is read. */
const PhoneNumber = Type.Object(
  {
    raw_number: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    sanitized_number: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    type_cd: Type.Optional(Nullable(Type.String({ maxLength: 60 }))),
    position: Type.Optional(Nullable(Type.Integer())),
  },
  { additionalProperties: true },
);
const WebhookBody = Type.Object(
  {
    status: Type.Optional(Nullable(Type.String({ maxLength: 60 }))),
    people: Type.Optional(
      Nullable(
        Type.Array(
          Type.Object(
            {
              id: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
              status: Type.Optional(Nullable(Type.String({ maxLength: 60 }))),
              phone_numbers: Type.Optional(Nullable(Type.Array(PhoneNumber, { maxItems: 50 }))),
            },
            { additionalProperties: true },
          ),
          { maxItems: 10 },
        ),
      ),
    ),
  },
  { additionalProperties: true },
);

/**
 * `POST /api/lead-sources/apollo/phones/:token`: Apollo's phone webhook. Public (Apollo signs
 * nothing): the token in the path is the credential, 256 random bits per reveal, stored hashed; the
 * payload must be about the person the reveal asked for. Answers 200 for a replay (Apollo may retry),
 * 404 for an unknown token.
 */
export function phoneRevealRoutes(api: FastifyInstance, { db, clock, mailer, config }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    `${APOLLO_PHONE_WEBHOOK_PATH}/:token`,
    {
      schema: {
        summary: "Apollo's phone reveal webhook (the mobile numbers of one People Enrichment request)",
        params: Type.Object(
          { token: Type.String({ minLength: 43, maxLength: 43, pattern: '^[A-Za-z0-9_-]+$' }) },
          { additionalProperties: false },
        ),
        body: WebhookBody,
        response: {
          200: Type.Object({
            received: Type.Boolean(),
            outcome: Type.Union([
              Type.Literal('found'),
              Type.Literal('not_found'),
              Type.Literal('no_credits'),
              Type.Literal('duplicate'),
            ]),
          }),
        },
      },
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
    },
    async (request) => {
      const outcome = await receivePhoneWebhook(db, request.params.token, request.body, clock.now(), {
        mailer,
        config,
      });
      if (!outcome) throw new ApiError(404, 'not_found');
      return { received: true, outcome };
    },
  );
}
