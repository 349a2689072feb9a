import type { AddressInfo } from 'node:net';
import { installLeadSources, loadLeadSourcesConfig } from '../src/providers/leads';
import { expirePhoneReveals, PHONE_REVEAL_MINUTES } from '../src/modules/leadSearch/phoneReveals.service';
import { FAKE_KEYS, startFakeLeadVendors, testSourceDeps, type FakeLeadVendors } from './fakeLeadVendors';
import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';
import { enrichAndWait } from './support/enrichment';

/**
 * Apollo's mobile phone reveal, end to end through the API: "get phones" asks People Enrichment with
 * reveal_phone_number and a per-reveal webhook URL; the Apollo fake answers the profile at once and
 * posts the numbers to that URL afterwards, as Apollo does. The API listens on loopback so the fake
 * can reach it (PUBLIC_URL).
 */
let ctx: TestContext;
let fake: FakeLeadVendors;
let token: string;
let userId: number;
let publicUrl: string;
let uninstall: () => void;

beforeAll(async () => {
  fake = await startFakeLeadVendors();
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  publicUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  uninstall = installLeadSources(
    loadLeadSourcesConfig({
      APOLLO_API_KEY: FAKE_KEYS.apollo,
      APOLLO_URL: fake.url('apollo'),
      PUBLIC_URL: publicUrl,
      LEAD_KEYLESS_SOURCES: '0',
    }),
    {},
    testSourceDeps(),
  );
  token = await login(ctx.app, DEMO.customer);
  userId = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.customer.email])).rows[0]!
    .id;
}, 60_000);
afterAll(async () => {
  uninstall();
  await ctx.close();
  await fake.close();
});

const balance = async () =>
  (
    await ctx.db.query<{ n: number }>(
      'SELECT monthly + additional + rolled_over AS n FROM credit_wallets WHERE user_id = $1',
      [userId],
    )
  ).rows[0]!.n;
const ledgerSum = async () =>
  (
    await ctx.db.query<{ n: number }>(
      'SELECT COALESCE(sum(delta), 0)::int AS n FROM credit_ledger WHERE user_id = $1',
      [userId],
    )
  ).rows[0]!.n;
async function setWallet(monthly: number) {
  await ctx.db.transaction(async (tx) => {
    await tx.query('DELETE FROM credit_ledger WHERE user_id = $1', [userId]);
    await tx.query('UPDATE credit_wallets SET monthly = $2, additional = 0, rolled_over = 0 WHERE user_id = $1', [
      userId,
      monthly,
    ]);
    if (monthly)
      await tx.query('INSERT INTO credit_ledger (user_id, delta, bucket, reason) VALUES ($1, $2, $3, $4)', [
        userId,
        monthly,
        'monthly',
        'test',
      ]);
  });
}

interface Row {
  id: number;
  phone: string | null;
  credits: number;
  data: { phone_reveal?: string };
}

/** List names are unique per account: each list this file makes gets its own. */
let listSeq = 0;

/** A people list of `count` Apollo people (the search's own phones cleared: these tests are about get phones). */
async function peopleList(count: number, title: string): Promise<number> {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/campaigns',
    headers: bearer(token),
    payload: { name: `Phones ${title} ${(listSeq += 1)}`, list_type: 'people' },
  });
  const listId = json<{ campaign: { id: number } }>(created).campaign.id;
  const start = await ctx.app.inject({
    method: 'POST',
    url: '/api/searches',
    headers: bearer(token),
    payload: { type: 'people', campaign_id: listId, location: 'Porto', count, filters: { job_title: title } },
  });
  expect(start.statusCode).toBe(201);
  await ctx.app.queue.drain();
  await ctx.db.query('UPDATE campaign_results SET phone = NULL WHERE campaign_id = $1', [listId]);
  return listId;
}

async function rowsOf(listId: number): Promise<Row[]> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/people-results/${listId}`,
    headers: bearer(token),
    payload: {},
  });
  expect(res.statusCode).toBe(200);
  return json<{ data: Row[] }>(res).data;
}

const reveals = (listId: number) =>
  ctx.db
    .query<{ state: string; credits: number }>(
      `SELECT p.state, p.credits FROM phone_reveals p JOIN campaign_results r ON r.id = p.result_id WHERE r.campaign_id = $1 ORDER BY p.result_id, p.id`,
      [listId],
    )
    .then((r) => r.rows);

test('get phones asks Apollo to reveal by webhook: "on its way" and free until the numbers arrive, then each found number is stored and charged once', async () => {
  await setWallet(500);
  const listId = await peopleList(6, 'Reveal');
  const before = await balance();
  const calls = fake.of('apollo').length;
  fake.holdWebhooks();

  const job = await enrichAndWait(ctx, `/api/people-results/${listId}/get-phones`, token, { all_matching: true });
  expect(job).toMatchObject({ status: 'done', checked: 6, found: 0, credits_charged: 0 });
  const asked = fake.of('apollo').slice(calls);
  expect(asked).toHaveLength(6);
  for (const request of asked) {
    expect(request.path).toBe('/apollo/api/v1/people/match');
    expect(request.query.get('reveal_phone_number')).toBe('true');
    expect(request.query.get('webhook_url')).toMatch(
      new RegExp(`^${publicUrl}/api/lead-sources/apollo/phones/[A-Za-z0-9_-]{43}$`),
    );
  }
  // Every reveal has its own token.
  expect(new Set(asked.map((r) => r.query.get('webhook_url'))).size).toBe(6);
  expect((await rowsOf(listId)).map((r) => [r.phone, r.data.phone_reveal])).toEqual(
    Array.from({ length: 6 }, () => [null, 'pending']),
  );
  expect(await balance()).toBe(before);

  // Asked again while the numbers are on their way: nobody is asked twice.
  const again = await enrichAndWait(ctx, `/api/people-results/${listId}/get-phones`, token, { all_matching: true });
  expect(again).toMatchObject({ checked: 0, credits_charged: 0 });
  expect(fake.of('apollo')).toHaveLength(calls + 6);

  await fake.releaseWebhooks();
  expect(await Promise.all(fake.webhooks.map((w) => w.answered))).toEqual(Array.from({ length: 6 }, () => 200));
  const rows = await rowsOf(listId);
  // Fixture: persons 0 and 3 have a mobile; 1 and 4 a direct dial listed before a mobile (the mobile is kept); 2 and 5 none.
  expect(rows.map((r) => [r.phone, r.credits >= 1, r.data.phone_reveal ?? null])).toEqual([
    ['+351912345600', true, null],
    ['+351913000101', true, null],
    [null, expect.any(Boolean), null],
    ['+351912345603', true, null],
    ['+351913000104', true, null],
    [null, expect.any(Boolean), null],
  ]);
  expect(before - (await balance())).toBe(4);
  expect(await ledgerSum()).toBe(await balance());
  expect((await reveals(listId)).map((r) => r.state)).toEqual([
    'found',
    'found',
    'not_found',
    'found',
    'found',
    'not_found',
  ]);

  // Apollo may retry a webhook: a replay changes nothing and charges nothing.
  expect(await fake.replayWebhook(0)).toBe(200);
  expect(await fake.replayWebhook(2)).toBe(200);
  expect(before - (await balance())).toBe(4);
  expect((await rowsOf(listId)).map((r) => r.phone)).toEqual(rows.map((r) => r.phone));

  // Unknown and malformed tokens are refused.
  const unknown = await ctx.app.inject({
    method: 'POST',
    url: `/api/lead-sources/apollo/phones/${'A'.repeat(43)}`,
    payload: fake.webhooks[0]!.body as object,
  });
  expect(unknown.statusCode).toBe(404);
  expect(
    (await ctx.app.inject({ method: 'POST', url: '/api/lead-sources/apollo/phones/short', payload: {} })).statusCode,
  ).toBe(400);
});

test('a reveal nothing comes for ends as not found at its expiry, free, and may be asked again; a payload about someone else is refused', async () => {
  await setWallet(500);
  const listId = await peopleList(3, 'Silent');
  const before = await balance();
  const made = fake.webhooks.length;
  fake.holdWebhooks();
  await enrichAndWait(ctx, `/api/people-results/${listId}/get-phones`, token, { all_matching: true });
  expect((await reveals(listId)).map((r) => r.state)).toEqual(['pending', 'pending', 'pending']);

  // The right token with another person's numbers: refused, the reveal stays open.
  const held = fake.webhooks[made]!;
  const forged = await ctx.app.inject({
    method: 'POST',
    url: new URL(held.url).pathname,
    payload: {
      status: 'success',
      people: [{ id: 'someone-else', phone_numbers: [{ sanitized_number: '+351912000000', type_cd: 'mobile' }] }],
    },
  });
  expect(forged.statusCode).toBe(422);
  expect(json<{ field: string }>(forged).field).toBe('people');

  // Apollo is still working on them when they expire: asked once (Poll Webhook Result: pending), they end as not found.
  ctx.clock.advance((PHONE_REVEAL_MINUTES - 1) * 60_000);
  expect(await expirePhoneReveals(ctx.db, ctx.clock.now())).toBe(0);
  ctx.clock.advance(2 * 60_000);
  const polls = fake.of('apollo').filter((r) => r.path.includes('/webhook_result/')).length;
  expect(await expirePhoneReveals(ctx.db, ctx.clock.now())).toBe(3);
  expect(fake.of('apollo').filter((r) => r.path.includes('/webhook_result/')).length).toBe(polls + 3);
  expect(await expirePhoneReveals(ctx.db, ctx.clock.now())).toBe(0);
  expect((await reveals(listId)).map((r) => [r.state, r.credits])).toEqual([
    ['not_found', 0],
    ['not_found', 0],
    ['not_found', 0],
  ]);
  expect((await rowsOf(listId)).map((r) => [r.phone, r.data.phone_reveal ?? null])).toEqual([
    [null, null],
    [null, null],
    [null, null],
  ]);
  expect(await balance()).toBe(before);

  // The late webhooks of expired reveals change nothing.
  await fake.releaseWebhooks();
  expect(await Promise.all(fake.webhooks.slice(made).map((w) => w.answered))).toEqual([200, 200, 200]);
  expect((await rowsOf(listId)).map((r) => r.phone)).toEqual([null, null, null]);
  expect(await balance()).toBe(before);

  // Expired reveals can be asked again: this time Apollo answers.
  const job = await enrichAndWait(ctx, `/api/people-results/${listId}/get-phones`, token, { all_matching: true });
  expect(job.checked).toBe(3);
  await fake.releaseWebhooks();
  expect((await rowsOf(listId)).filter((r) => r.phone).length).toBeGreaterThan(0);
});

test('a webhook that never reached us: at expiry the result is polled from Apollo, stored and charged once', async () => {
  await setWallet(500);
  const listId = await peopleList(3, 'Lost');
  const before = await balance();
  fake.holdWebhooks();
  await enrichAndWait(ctx, `/api/people-results/${listId}/get-phones`, token, { all_matching: true });
  // Apollo tried to deliver and failed (our address unreachable): its results stay pollable.
  fake.dropWebhooks();
  ctx.clock.advance((PHONE_REVEAL_MINUTES + 1) * 60_000);
  expect(await expirePhoneReveals(ctx.db, ctx.clock.now())).toBe(3);
  const polled = fake.of('apollo').filter((r) => r.path.includes('/webhook_result/'));
  // Apollo's request ids are 64-bit integers: kept digit for digit (a JavaScript number would round them alike).
  const ids = ['-1039995589705121900', '-1039995589705121901', '-1039995589705121902'];
  expect(
    (
      await ctx.db.query<{ request_id: string }>(
        'SELECT p.request_id FROM phone_reveals p JOIN campaign_results r ON r.id = p.result_id WHERE r.campaign_id = $1 ORDER BY p.id',
        [listId],
      )
    ).rows.map((r) => r.request_id),
  ).toEqual(ids);
  expect(polled.slice(-3).map((r) => `${r.method} ${r.path}`)).toEqual(
    ids.map((id) => `GET /apollo/api/v1/webhook_result/${id}`),
  );
  expect((await reveals(listId)).map((r) => [r.state, r.credits])).toEqual([
    ['found', 1],
    ['found', 1],
    ['not_found', 0],
  ]);
  expect((await rowsOf(listId)).map((r) => r.phone)).toEqual(['+351912345600', '+351913000101', null]);
  expect(before - (await balance())).toBe(2);
  expect(await ledgerSum()).toBe(await balance());
});

test('numbers that arrive when the wallet cannot pay are not stored, and the result may be asked again', async () => {
  await setWallet(500);
  const listId = await peopleList(2, 'Broke');
  fake.holdWebhooks();
  await enrichAndWait(ctx, `/api/people-results/${listId}/get-phones`, token, { all_matching: true });
  await setWallet(0);
  await fake.releaseWebhooks();
  expect((await reveals(listId)).map((r) => r.state)).toEqual(['no_credits', 'no_credits']);
  expect((await rowsOf(listId)).map((r) => [r.phone, r.data.phone_reveal ?? null])).toEqual([
    [null, null],
    [null, null],
  ]);
  expect(await balance()).toBe(0);
  expect(await ledgerSum()).toBe(0);
});
