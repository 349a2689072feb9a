import type { ApiResponse } from '../../shared/src/api/contract';
import { installLeadSources, loadLeadSourcesConfig } from '../src/providers/leads';
import { FAKE_KEYS, startFakeLeadVendors, testSourceDeps, type FakeLeadVendors } from './fakeLeadVendors';
import { youtubeChannelId, youtubeChannelsAnswer, YOUTUBE_QUOTA_EXCEEDED } from './fixtures/leadVendors/youtube';
import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';
import { enrichAndWait } from './support/enrichment';

/**
 * Influencer "enrich" on a list served by the YouTube Data API v3 only (no Modash key): one
 * channels.list per 50 channels (1 quota unit each) refreshes their figures and reads the contacts it publishes; a new email
 * costs the spec's influencerEnrichPerRecord (5), figures and links alone cost nothing, and a used
 * quota (403 quotaExceeded) charges nothing and fails the job naming the source.
 */
let ctx: TestContext;
let fake: FakeLeadVendors;
let token: string;
let userId: number;
let uninstall: () => void;
/** The YouTube quota units of each call made, as the usage count (Admin → Searchers) records them. */
const units: number[] = [];

type Page = ApiResponse<'/api/people-results/{id}', 'post'>;

beforeAll(async () => {
  fake = await startFakeLeadVendors();
  uninstall = installLeadSources(
    loadLeadSourcesConfig({
      LEAD_KEYLESS_SOURCES: '0',
      YOUTUBE_API_KEY: FAKE_KEYS.youtube,
      YOUTUBE_URL: fake.url('youtube'),
    }),
    {},
    { ...testSourceDeps(), observe: (_source, _error, used) => units.push(used ?? 0) },
  );
  ctx = await createTestApp();
  token = await login(ctx.app, DEMO.customer);
  userId = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.customer.email])).rows[0]!
    .id;
  await ctx.db.query('UPDATE credit_wallets SET monthly = 500, additional = 0, rolled_over = 0 WHERE user_id = $1', [
    userId,
  ]);
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

let listSeq = 0;
async function filledList(count: number): Promise<number> {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/campaigns',
    headers: bearer(token),
    payload: { name: `YouTube enrich ${(listSeq += 1)}`, list_type: 'influencer' },
  });
  expect(created.statusCode).toBe(201);
  const id = json<{ campaign: { id: number } }>(created).campaign.id;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/searches',
    headers: bearer(token),
    payload: {
      type: 'influencer',
      campaign_id: id,
      location: 'Porto',
      count,
      filters: { platforms: ['youtube'], keyword: 'cooking' },
    },
  });
  expect(res.statusCode).toBe(201);
  expect(json<{ job: { demo_data: boolean } }>(res).job.demo_data).toBe(false);
  await ctx.app.queue.drain();
  return id;
}
async function rows(id: number) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/influencer-results/${id}`,
    headers: bearer(token),
    payload: {},
  });
  expect(res.statusCode).toBe(200);
  return json<Page>(res).data;
}
const social = (r: { data: Record<string, unknown> }) => r.data.social as Record<string, unknown>;
/** The list's latest enrichment request as the list screen reads it (GET /api/campaigns/{id}). */
async function enrichmentOf(id: number) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/campaigns/${id}`, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return json<ApiResponse<'/api/campaigns/{id}', 'get'>>(res).enrichment;
}

describe('influencer enrich through YouTube channels.list', () => {
  it("asks one channels.list for the chunk's channels, refreshes figures and links, charges only a new email", async () => {
    const id = await filledList(4);
    const searched = await rows(id);
    expect(searched.map((r) => social(r).user_id)).toEqual([0, 1, 2, 3].map(youtubeChannelId));
    // An Instagram creator in the same list (imported): no configured source covers it, so it is counted, not asked.
    await ctx.db.query(
      `INSERT INTO campaign_results (campaign_id, user_id, record_key, name, email_status, data) VALUES ($1, $2, 'instagram:cook.porto', 'Cook Porto', 'not_found', $3::jsonb)`,
      [id, userId, JSON.stringify({ social: { platform: 'instagram', user_id: 'cook.porto', handle: '@cook.porto' } })],
    );
    const wallet = await balance();
    // Channel 1's description changed since the search: it now publishes an email (a scripted answer, channels in another order than asked).
    const changed = youtubeChannelsAnswer([3, 1, 0, 2].map(youtubeChannelId), [
      'snippet',
      'statistics',
      'brandingSettings',
    ]);
    changed.items[1]!.snippet!.description = 'Bookings: bookings1@creators.test https://links.creators.test/one';
    changed.items[1]!.statistics!.subscriberCount = '25000';
    fake.queue('youtube', { status: 200, body: changed });
    const from = fake.of('youtube').length;
    const body = await enrichAndWait(ctx, `/api/influencer-results/${id}/enrich`, token, {
      all_matching: true,
      filters: {},
    });
    const sent = fake.of('youtube').slice(from);
    expect(sent.map((r) => [r.method, r.path, r.query.get('part'), r.query.get('id'), r.query.get('key')])).toEqual([
      [
        'GET',
        '/youtube/youtube/v3/channels',
        'snippet,statistics,brandingSettings',
        [0, 1, 2, 3].map(youtubeChannelId).join(','),
        FAKE_KEYS.youtube,
      ],
    ]);
    // Channels 0 and 3 had their email since the search (not found again); channel 1's is new: 5 credits.
    expect(body).toMatchObject({ status: 'done', checked: 4, found: 1, credits_charged: 5 });
    // The other three channels got fresh figures and links only (refreshed, free); the Instagram row is counted apart.
    expect(await enrichmentOf(id)).toMatchObject({
      total: 5,
      checked: 4,
      found: 1,
      refreshed: 3,
      unsupported: 1,
      unsupported_platforms: ['instagram'],
      credits_charged: 5,
    });
    expect(await balance()).toBe(wallet - 5);
    const all = await rows(id);
    // The Instagram row says why it was not enriched.
    expect(all.find((r) => social(r).platform === 'instagram')?.data).toMatchObject({
      uncovered: { kind: 'enrich', platform: 'instagram' },
    });
    expect(all.find((r) => social(r).platform === 'instagram')?.data.enriched).toBeUndefined();
    expect(all.filter((r) => r.data.uncovered)).toHaveLength(1);
    const after = all.filter((r) => social(r).platform === 'youtube');
    expect(
      after.map((r) => [r.email, r.credits - (searched.find((s) => s.id === r.id)?.credits ?? 0), r.data.enriched]),
    ).toEqual([
      ['channel0@creators.test', 0, true],
      ['bookings1@creators.test', 5, true],
      [null, 0, true],
      ['channel3@creators.test', 0, true],
    ]);
    expect(social(after[1]!)).toMatchObject({
      followers: 25000,
      links: 'https://links.creators.test/one',
      thumbnail: `https://yt3.ggpht.test/${youtubeChannelId(1)}=s800`,
      handle: '@channel1',
      country: 'PT',
      videos: 101,
    });
    expect(social(after[0]!)).toMatchObject({
      links: 'https://shop0.creators.test/merch',
      title: 'Channel 0',
      views: 1_000_000,
    });
    // Run again: every row is enriched, nothing is asked.
    expect(
      (await enrichAndWait(ctx, `/api/influencer-results/${id}/enrich`, token, { all_matching: true })).checked,
    ).toBe(0);
    expect(await enrichmentOf(id)).toMatchObject({
      status: 'done',
      total: 1,
      checked: 0,
      found: 0,
      refreshed: 0,
      unsupported: 1,
      unsupported_platforms: ['instagram'],
    });
    expect(fake.of('youtube')).toHaveLength(from + 1);
  });

  it('60 channels take two channels.list calls (50 + 10 ids, 1 quota unit each); each row is stored and charged once', async () => {
    const id = await filledList(60);
    // The emails the search read from the descriptions are taken off, so the enrichment finds them again (every third channel: 20).
    await ctx.db.query(`UPDATE campaign_results SET email = NULL, email_status = 'not_found' WHERE campaign_id = $1`, [
      id,
    ]);
    await ctx.db.query('UPDATE credit_wallets SET monthly = 500, additional = 0, rolled_over = 0 WHERE user_id = $1', [
      userId,
    ]);
    const from = fake.of('youtube').length;
    const unitsFrom = units.length;
    const body = await enrichAndWait(ctx, `/api/influencer-results/${id}/enrich`, token, { all_matching: true });
    const asked = fake
      .of('youtube')
      .slice(from)
      .map((r) => (r.query.get('id') ?? '').split(','));
    expect(asked.map((ids) => ids.length)).toEqual([50, 10]);
    expect(new Set(asked.flat()).size).toBe(60);
    expect(units.slice(unitsFrom)).toEqual([1, 1]);
    expect(body).toMatchObject({ status: 'done', checked: 60, found: 20, credits_charged: 100 });
    expect(await enrichmentOf(id)).toMatchObject({ total: 60, refreshed: 40, unsupported: 0 });
    expect(await balance()).toBe(400);
    const stored = (
      await ctx.db.query<{ id: number; channel: string; email: string | null; enriched: boolean }>(
        `SELECT id::int, data->'social'->>'user_id' AS channel, email, (data->>'enriched')::boolean AS enriched FROM campaign_results WHERE campaign_id = $1 ORDER BY id`,
        [id],
      )
    ).rows;
    expect(stored.filter((r) => r.enriched)).toHaveLength(60);
    expect(stored.filter((r) => r.email).map((r) => r.email)).toEqual(
      stored
        .filter((r) => Number(r.channel.slice(2)) % 3 === 0)
        .map((r) => `channel${Number(r.channel.slice(2))}@creators.test`),
    );
    const effects = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM external_effects WHERE key = ANY($1::text[]) AND state = 'done'`,
      [`{${stored.map((r) => `enrich:${r.id}`).join(',')}}`],
    );
    expect(effects.rows[0]!.n).toBe(60);
  });

  it('a used quota (403 quotaExceeded) charges nothing and fails the job naming YouTube', async () => {
    const id = await filledList(2);
    const wallet = await balance();
    const from = fake.of('youtube').length;
    fake.queue('youtube', { status: 403, body: YOUTUBE_QUOTA_EXCEEDED });
    const body = await enrichAndWait(ctx, `/api/influencer-results/${id}/enrich`, token, { all_matching: true });
    expect(fake.of('youtube')).toHaveLength(from + 1);
    expect(body).toMatchObject({ status: 'failed', checked: 0, found: 0, credits_charged: 0 });
    expect(await enrichmentOf(id)).toMatchObject({ refreshed: 0, unsupported: 0, unsupported_platforms: [] });
    expect(await balance()).toBe(wallet);
    const job = (
      await ctx.db.query<{ source_error: { source: string; code: string } | null }>(
        'SELECT source_error FROM enrichment_jobs WHERE id = $1',
        [body.jobId],
      )
    ).rows[0]!;
    expect(job.source_error).toMatchObject({ source: 'youtube', code: 'quota_exhausted' });
    expect((await rows(id)).every((r) => !r.data.enriched)).toBe(true);
  });

  it('with no influencer source configured any more, invents nothing about real channels: they are counted as uncovered YouTube rows', async () => {
    const id = await filledList(2);
    const from = fake.of('youtube').length;
    uninstall();
    uninstall = () => undefined;
    const body = await enrichAndWait(ctx, `/api/influencer-results/${id}/enrich`, token, { all_matching: true });
    expect(body).toMatchObject({ status: 'done', checked: 0, found: 0, credits_charged: 0 });
    expect(await enrichmentOf(id)).toMatchObject({
      total: 2,
      refreshed: 0,
      unsupported: 2,
      unsupported_platforms: ['youtube'],
    });
    expect(fake.of('youtube')).toHaveLength(from);
    expect(
      (await rows(id)).map((r) => [r.data.enriched, r.data.uncovered, r.email?.endsWith('@mail.example') ?? false]),
    ).toEqual([
      [undefined, { kind: 'enrich', platform: 'youtube' }, false],
      [undefined, { kind: 'enrich', platform: 'youtube' }, false],
    ]);
    // YouTube configured again: the channels are enriched and no longer marked.
    uninstall = installLeadSources(
      loadLeadSourcesConfig({
        LEAD_KEYLESS_SOURCES: '0',
        YOUTUBE_API_KEY: FAKE_KEYS.youtube,
        YOUTUBE_URL: fake.url('youtube'),
      }),
      {},
      testSourceDeps(),
    );
    expect(
      await enrichAndWait(ctx, `/api/influencer-results/${id}/enrich`, token, { all_matching: true }),
    ).toMatchObject({ status: 'done', checked: 2 });
    expect((await rows(id)).map((r) => [r.data.enriched, r.data.uncovered])).toEqual([
      [true, undefined],
      [true, undefined],
    ]);
  });
});
