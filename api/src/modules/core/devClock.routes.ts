import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { MovableClock } from '../../clock';
import { expireAdditionalCredits, renewDueSubscriptions } from '../../credits/renewals';
import { Type } from '../../http/contract';
import type { AppDeps } from '../../http/context';

const DAY_MS = 86_400_000;

/**
 * POST /api/dev/clock — only registered with TEST_CLOCK=1 (refused in production), so it is a plain
 * 404 otherwise. Moves the app clock forward and runs the scheduled renewals and credit expiry at
 * once (the queue would within a minute), so an end-to-end test sees a month go by.
 */
export function devClockRoutes(api: FastifyInstance, deps: AppDeps, clock: MovableClock): void {
  const { db } = deps;
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/api/dev/clock',
    {
      schema: {
        summary: 'Test only: move the app clock forward and run the renewals due',
        body: Type.Object(
          { advance_days: Type.Integer({ minimum: 1, maximum: 400 }) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            now: Type.String({ format: 'date-time' }),
            periods_granted: Type.Integer(),
            wallets_expired: Type.Integer(),
          }),
        },
      },
    },
    async (request) => {
      clock.advance(request.body.advance_days * DAY_MS);
      const now = clock.now();
      const granted = await renewDueSubscriptions(db, now, deps);
      const expired = await expireAdditionalCredits(db, now);
      return { now: now.toISOString(), periods_granted: granted, wallets_expired: expired };
    },
  );
}
