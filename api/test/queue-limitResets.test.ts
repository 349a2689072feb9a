import { LIMIT_RESETS } from '../src/workers/limitResets';
import { createTestApp, DEMO, fakeClock, type TestContext } from './helpers';

/**
 * The monthly search-limit reset as queued work (spec §4, same date next month): the limit-resets
 * job resets every user whose date has come, without waiting for them to come back, once per period.
 */
let ctx: TestContext;
let customer: number;
let reseller: number;

beforeAll(async () => {
  ctx = await createTestApp({ clock: fakeClock(new Date('2026-02-01T12:00:00.000Z')) });
  const id = async (email: string) =>
    (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email])).rows[0]!.id;
  customer = await id(DEMO.customer.email);
  reseller = await id(DEMO.reseller.email);
  // The customer's series started on Jan 31, the reseller's on Jan 20.
  await ctx.db.query(
    "UPDATE users SET last_reset_date = '2026-01-31', limit_reset_anchor = '2026-01-31', searches_used = 7 WHERE id = $1",
    [customer],
  );
  await ctx.db.query(
    "UPDATE users SET last_reset_date = '2026-01-20', limit_reset_anchor = '2026-01-20', searches_used = 3 WHERE id = $1",
    [reseller],
  );
}, 60_000);

afterAll(async () => {
  await ctx.close();
}, 60_000);

const limits = async (userId: number) =>
  (
    await ctx.db.query<{ used: number; last: string }>(
      'SELECT searches_used AS used, last_reset_date::text AS last FROM users WHERE id = $1',
      [userId],
    )
  ).rows[0]!;

async function runResets(at: string): Promise<void> {
  ctx.clock.set(new Date(at));
  await ctx.app.queue.send(LIMIT_RESETS, {});
  await ctx.app.queue.drain();
}

test('resets each user on their date, once per period, keeping the intended day across month ends', async () => {
  // Feb 19: nobody is due.
  await runResets('2026-02-19T23:00:00.000Z');
  expect(await limits(customer)).toEqual({ used: 7, last: '2026-01-31' });
  expect(await limits(reseller)).toEqual({ used: 3, last: '2026-01-20' });

  // Feb 20: the reseller's date, not the customer's.
  await runResets('2026-02-20T00:07:00.000Z');
  expect(await limits(reseller)).toEqual({ used: 0, last: '2026-02-20' });
  expect(await limits(customer)).toEqual({ used: 7, last: '2026-01-31' });

  // Feb 28: the customer's Jan 31 falls on the month's last day.
  await runResets('2026-02-28T00:07:00.000Z');
  expect(await limits(customer)).toEqual({ used: 0, last: '2026-02-28' });

  // Searches later that day, then the job again (another process, a retry): the period is already reset.
  await ctx.db.query('UPDATE users SET searches_used = 4 WHERE id = ANY($1::int[])', [`{${customer},${reseller}}`]);
  await runResets('2026-02-28T01:07:00.000Z');
  await runResets('2026-03-19T01:07:00.000Z');
  expect(await limits(customer)).toEqual({ used: 4, last: '2026-02-28' });
  expect(await limits(reseller)).toEqual({ used: 4, last: '2026-02-20' });

  // Mar 31 (not Mar 28): the series keeps its first day; the reseller was reset on Mar 20.
  await runResets('2026-03-31T00:07:00.000Z');
  expect(await limits(customer)).toEqual({ used: 0, last: '2026-03-31' });
  expect(await limits(reseller)).toEqual({ used: 0, last: '2026-03-20' });
}, 60_000);
