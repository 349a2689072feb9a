import type { APIRequestContext } from '@playwright/test';
import { expectStatus, queryString } from './api';
import type { paths } from './devRoutes.gen';

/**
 * The API's development-only routes (registered with DEV_MAILBOX or TEST_CLOCK, never in production), typed from
 * their schemas like `api()` (devRoutes.gen.ts, `npm run gen:api`): the dev mailbox and the movable clock.
 */

type Outbox = paths['/api/dev/outbox']['get'];
type Clock = paths['/api/dev/clock']['post'];

/** One email of the dev mailbox; `code` is the 6-digit code in its text, if any. */
export type OutboxEmail = Outbox['responses'][200]['content']['application/json']['emails'][number];
export type EmailKind = NonNullable<Outbox['parameters']['query']['kind']>;

/** The last 20 emails sent to `email`, newest first; with `kind`, only that kind (so other specs' mail cannot push it out). */
export async function outbox(request: APIRequestContext, email: string, kind?: EmailKind): Promise<OutboxEmail[]> {
  const query: Outbox['parameters']['query'] = { email, ...(kind && { kind }) };
  const response = await request.get(`/api/dev/outbox${queryString(query)}`);
  await expectStatus(response, 'GET /api/dev/outbox', 200);
  return ((await response.json()) as Outbox['responses'][200]['content']['application/json']).emails;
}

/** Moves the app clock (a TEST_CLOCK server) forward and runs the renewals and credit expiry due by then. */
export async function advanceClock(
  request: APIRequestContext,
  days: number,
): Promise<Clock['responses'][200]['content']['application/json']> {
  const data: Clock['requestBody']['content']['application/json'] = { advance_days: days };
  const response = await request.post('/api/dev/clock', { data });
  await expectStatus(response, 'POST /api/dev/clock', 200);
  return (await response.json()) as Clock['responses'][200]['content']['application/json'];
}
