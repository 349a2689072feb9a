import {
  apolloCompanySearch,
  apolloEmailFinder,
  apolloEmployees,
  apolloFindPhone,
  apolloPeopleSearch,
  type ApolloConfig,
} from '../src/providers/leads/apolloProvider';
import { googlePlacesSearch } from '../src/providers/leads/googlePlacesProvider';
import { companyDomainOfHost, ipinfoIdentify, reverseDnsIdentify } from '../src/providers/leads/intentProvider';
import { modashEnrich, modashFilter, modashSearch, type ModashConfig } from '../src/providers/leads/modashProvider';
import { youtubeEnrich, youtubeSearch, type YoutubeConfig } from '../src/providers/leads/youtubeProvider';
import {
  leadSourceErrorMessage,
  LeadSourceError,
  type LeadQuery,
  type LeadRecord,
  type SiteVisit,
} from '../src/providers/leads';
import { FAKE_KEYS, FAKE_TOTALS, startFakeLeadVendors, testSourceDeps, type FakeLeadVendors } from './fakeLeadVendors';
import { youtubeChannelId, YOUTUBE_INVALID_FILTERS } from './fixtures/leadVendors/youtube';

let fake: FakeLeadVendors;
let apollo: ApolloConfig;
let modash: ModashConfig;
let youtube: YoutubeConfig;
const deps = testSourceDeps();

beforeAll(async () => {
  fake = await startFakeLeadVendors();
  apollo = { apiKey: FAKE_KEYS.apollo, baseUrl: fake.url('apollo'), perPage: 10 };
  modash = { apiKey: FAKE_KEYS.modash, baseUrl: fake.url('modash') };
  youtube = { apiKey: FAKE_KEYS.youtube, baseUrl: fake.url('youtube') };
});
afterAll(() => fake.close());

async function take(iterable: AsyncIterable<LeadRecord>, max = 1000): Promise<LeadRecord[]> {
  const out: LeadRecord[] = [];
  for await (const r of iterable) {
    out.push(r);
    if (out.length >= max) break;
  }
  return out;
}
const body = (r: { body: string }) => JSON.parse(r.body) as Record<string, unknown>;
const q = (type: LeadQuery['type'], filters: Record<string, unknown>, location = 'Porto'): LeadQuery => ({
  type,
  location,
  filters,
});

describe('Apollo', () => {
  test('people search maps title, seniority, management level, location and company; pages and enriches each person', async () => {
    const search = apolloPeopleSearch(deps, apollo);
    const records = await take(
      search(
        q('people', {
          job_title: 'Sales',
          seniority: ['C-Level', 'Founder/Owner'],
          management_levels: ['VP'],
          company: 'acme.test',
        }),
        { offset: 0 },
      ),
    );
    const searches = fake.of('apollo').filter((r) => r.path.endsWith('/mixed_people/api_search'));
    expect(body(searches[0]!)).toEqual({
      person_titles: ['Sales'],
      include_similar_titles: true,
      person_seniorities: ['c_suite', 'founder', 'owner', 'vp'],
      person_locations: ['Porto'],
      q_organization_domains_list: ['acme.test'],
      page: 1,
      per_page: 10,
    });
    expect(searches.map((r) => body(r).page)).toEqual([1, 2, 3]);
    expect(records).toHaveLength(FAKE_TOTALS.apolloPeople);
    expect(searches.every((r) => r.headers['x-api-key'] === FAKE_KEYS.apollo)).toBe(true);
    // verified → found, guessed → potential, unavailable → no email.
    expect(records.slice(0, 4).map((r) => [r.email, r.email_outcome])).toEqual([
      ['rita@acme.test', 'found'],
      ['tomas@acme.test', 'found'],
      ['sara@acme.test', 'potential'],
      [null, 'not_found'],
    ]);
    expect(records[0]).toMatchObject({
      key: 'apollo:670000000000000000000000',
      name: 'Rita Ferreira',
      company: 'Acme Lda',
      job_title: 'VP of Sales',
      department: 'sales',
      seniority: 'vp',
      city: 'Porto',
      employee_count: 120,
      phone: '+351225550100',
    });
  });

  test('departments are looked for in job titles (Apollo has no department filter), only when no job title is given', async () => {
    const search = apolloPeopleSearch(deps, apollo);
    await take(search(q('people', { departments: ['Sales', 'Human Resources'] }, 'Braga'), { offset: 0 }), 1);
    const sent = () =>
      fake
        .of('apollo')
        .filter((r) => r.path.endsWith('/mixed_people/api_search'))
        .map(body)
        .at(-1)!;
    expect(sent()).toMatchObject({
      person_titles: ['sales', 'human resources', 'hr', 'people'],
      include_similar_titles: true,
      person_locations: ['Braga'],
    });
    // A job title of its own: titles are ORed by Apollo, so the departments are left out rather than widening the search.
    await take(search(q('people', { job_title: 'Recruiter', departments: ['Sales'] }, 'Braga'), { offset: 0 }), 1);
    expect(sent().person_titles).toEqual(['Recruiter']);
  });

  test('a resumed people search starts at its offset; a group search resolves company names to domains', async () => {
    const search = apolloPeopleSearch(deps, apollo);
    const resumed = await take(search(q('people', { job_title: 'Sales' }), { offset: 13 }), 3);
    expect(resumed.map((r) => r.key)).toEqual([
      'apollo:670000000000000000000013',
      'apollo:670000000000000000000014',
      'apollo:670000000000000000000015',
    ]);
    await take(
      search(q('group', { companies: ['Globex Corp', 'initech.test'], job_title: 'CTO' }, ''), { offset: 0 }),
      1,
    );
    const lookups = fake
      .of('apollo')
      .filter((r) => r.path.endsWith('/mixed_companies/search'))
      .map(body);
    expect(lookups).toContainEqual({ q_organization_name: 'Globex Corp', page: 1, per_page: 1 });
    const last = fake
      .of('apollo')
      .filter((r) => r.path.endsWith('/mixed_people/api_search'))
      .map(body)
      .at(-1)!;
    expect(last.q_organization_domains_list).toEqual(['globexcorp.test', 'initech.test']);
    expect(last.person_locations).toBeUndefined();
  });

  test('company search maps industry, employee range and technologies, and pages', async () => {
    const records = await take(
      apolloCompanySearch(deps, apollo)(
        q('company', {
          industry: 'Software',
          employees_min: 11,
          employees_max: 200,
          technologies: ['wordpress', 'shopify'],
        }),
        { offset: 5 },
      ),
    );
    const sent = fake
      .of('apollo')
      .filter((r) => r.path.endsWith('/mixed_companies/search'))
      .map(body)
      .filter((b) => !b.q_organization_name);
    expect(sent[0]).toEqual({
      organization_locations: ['Porto'],
      q_organization_keyword_tags: ['Software'],
      organization_num_employees_ranges: ['11,200'],
      currently_using_any_of_technology_uids: ['wordpress_org', 'shopify'],
      page: 1,
      per_page: 10,
    });
    expect(records).toHaveLength(FAKE_TOTALS.apolloOrganizations - 5);
    expect(records[0]).toMatchObject({
      name: 'Company 5',
      website: 'http://www.company5.test',
      employee_count: 55,
      category: 'computer software',
      phone: null,
    });
    expect(records[1]).toMatchObject({ name: 'Company 6', phone: '+351220000000' });
  });

  test('get phones, get employees and the email finder use People Enrichment', async () => {
    expect(
      await apolloFindPhone(
        deps,
        apollo,
      )({ key: 'apollo:670000000000000000000002', name: 'Sara', company: 'Acme', website: null }),
    ).toBe('+351225550100');
    // No number of the person's own: the employer's switchboard; neither: nothing.
    expect(
      await apolloFindPhone(
        deps,
        apollo,
      )({ key: 'apollo:670000000000000000000001', name: 'Tomás', company: 'Acme', website: null }),
    ).toBe('+351225550111');
    expect(
      await apolloFindPhone(
        deps,
        apollo,
      )({ key: 'apollo:670000000000000000000003', name: 'Vasco', company: 'Acme', website: null }),
    ).toBeNull();
    const staff = await apolloEmployees(
      deps,
      apollo,
      3,
    )({ key: null, name: 'Acme', company: 'Acme', website: 'https://acme.test' });
    expect(staff.map((p) => p.name)).toEqual(['Rita Ferreira', 'Tomás Faria', 'Sara Fonseca']);
    const finder = apolloEmailFinder(deps, apollo);
    expect(await finder.find({ domain: 'acme.test', full_name: 'Ada Lovelace' })).toEqual({
      email: 'ada.apollo@acme.test',
      outcome: 'found',
      verified: true,
      source: 'apollo',
      source_url: null,
    });
    expect(await finder.find({ domain: 'acme.test' })).toBeNull();
  });

  test('a refused key is a clear error naming the source', async () => {
    const error = await take(
      apolloPeopleSearch(deps, { ...apollo, apiKey: 'nope' })(q('people', { job_title: 'X' }), { offset: 0 }),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ source: 'apollo', code: 'key_refused' });
    expect(leadSourceErrorMessage(error as LeadSourceError, 'en')).toBe('The people-data provider refused the key.');
    expect(leadSourceErrorMessage(error as LeadSourceError, 'de')).toBe(
      'Der Anbieter für Personendaten hat den Schlüssel abgelehnt.',
    );
  });

  test('429 with Retry-After is waited for and the call retried', async () => {
    deps.waits.length = 0;
    fake.queue('apollo', {
      status: 429,
      headers: { 'retry-after': '2' },
      body: {
        message: 'The maximum number of api calls allowed for api/v1/mixed_people/api_search is 200 times per minute.',
      },
    });
    const records = await take(apolloPeopleSearch(deps, apollo)(q('people', { job_title: 'Retry' }), { offset: 0 }), 1);
    expect(records).toHaveLength(1);
    expect(deps.waits).toContain(2000);
  });
});

describe('Modash', () => {
  test("maps the spec filters to Modash's filter object", () => {
    expect(
      modashFilter({
        followers_min: 10000,
        followers_max: 500000,
        age_min: 18,
        lastposted: 30,
        genders: ['female'],
        account_types: ['creator', 'business'],
        keyword: 'vegan',
        engagementRate: { interval: '', operator: 'gte', value: 0.02 },
        followersGrowthRate: { interval: 'i1month', operator: 'gt', value: 0.01 },
        audience_credibility: 0.75,
      }),
    ).toEqual({
      influencer: {
        followers: { min: 10000, max: 500000 },
        age: { min: 18 },
        lastposted: 30,
        gender: 'FEMALE',
        accountTypes: [3, 2],
        keywords: 'vegan',
        engagementRate: 0.02,
        followersGrowthRate: { interval: 'i1month', operator: 'gt', value: 0.01 },
      },
      audience: { credibility: 0.75 },
    });
  });

  test('searches each chosen platform in turn, 15 a page, and resumes at an offset across platforms', async () => {
    const search = modashSearch(deps, modash);
    const all = await take(
      search(q('influencer', { platforms: ['instagram', 'tiktok'], followers_min: 1000 }), { offset: 0 }),
    );
    expect(all).toHaveLength(FAKE_TOTALS.modash.instagram! + FAKE_TOTALS.modash.tiktok!);
    const sent = fake.of('modash').filter((r) => r.path.endsWith('/search'));
    expect(sent.map((r) => [r.path, body(r).page])).toEqual([
      ['/modash/v1/instagram/search', 0],
      ['/modash/v1/instagram/search', 1],
      ['/modash/v1/tiktok/search', 0],
    ]);
    expect(body(sent[0]!)).toMatchObject({
      sort: { field: 'followers', direction: 'desc' },
      filter: { influencer: { followers: { min: 1000 } } },
    });
    expect(all[0]).toMatchObject({
      key: 'modash:instagram:instagram-1000',
      name: 'Creator instagram 0',
      category: 'instagram',
      social: { platform: 'instagram', handle: '@creator_instagram_0', followers: 500000, engagement_rate: 0.024 },
    });
    const resumed = await take(
      search(q('influencer', { platforms: ['instagram', 'tiktok'], followers_min: 1000 }), { offset: 18 }),
    );
    expect(resumed.map((r) => r.key)).toEqual(all.slice(18).map((r) => r.key));
  });

  test("account types are sent as Modash's codes, which its search accepts; a code it does not know is refused (400 invalid_body_params)", async () => {
    const from = fake.of('modash').length;
    const found = await take(
      modashSearch(deps, modash)(
        q('influencer', { platforms: ['tiktok'], account_types: ['regular', 'business', 'creator'] }),
        { offset: 0 },
      ),
    );
    expect(found).toHaveLength(FAKE_TOTALS.modash.tiktok!);
    const sent = fake.of('modash').slice(from);
    expect(sent.map((r) => [r.path, (body(r).filter as { influencer: unknown }).influencer])).toEqual([
      ['/modash/v1/tiktok/search', { accountTypes: [1, 2, 3] }],
    ]);
    for (const accountTypes of [[4], [0, 1], ['creator']]) {
      const refused = await fetch(new URL('v1/instagram/search', fake.url('modash')), {
        method: 'POST',
        headers: { authorization: `Bearer ${FAKE_KEYS.modash}`, 'content-type': 'application/json' },
        body: JSON.stringify({ page: 0, filter: { influencer: { accountTypes } } }),
      });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: true, code: 'invalid_body_params' });
    }
  });

  test("enrich reads the profile report's contacts and averages; an unknown account gives nothing", async () => {
    const enrich = modashEnrich(deps, modash);
    expect(
      await enrich({
        key: 'k',
        name: 'C',
        company: null,
        website: null,
        social: { platform: 'instagram', user_id: 'instagram-1000' },
      }),
    ).toEqual({
      email: 'instagram-1000@creators.test',
      phone: '+351912000111',
      social: { avg_likes: 11800, avg_comments: 200, avg_views: 90000, country: 'PT' },
    });
    expect(
      await enrich({
        key: 'k',
        name: 'C',
        company: null,
        website: null,
        social: { platform: 'tiktok', user_id: 'unknown-1' },
      }),
    ).toBeNull();
    await expect(
      modashEnrich(deps, { ...modash, apiKey: 'bad' })({
        key: 'k',
        name: 'C',
        company: null,
        website: null,
        social: { platform: 'tiktok', user_id: 'x' },
      }),
    ).rejects.toMatchObject({ code: 'key_refused' });
  });
});

describe('YouTube Data API', () => {
  test('finds channels by keyword, reads their statistics, filters by subscribers and pages with pageToken', async () => {
    const search = youtubeSearch(deps, youtube);
    const records = await take(
      search(q('influencer', { platforms: ['youtube'], keyword: 'cooking', followers_min: 500_000 }), { offset: 0 }),
    );
    // Channel i has 10,000 × (i + 1) subscribers: i ≥ 49 of 120 pass.
    expect(records).toHaveLength(120 - 49);
    expect(records[0]).toMatchObject({
      key: 'youtube:UC0000000000000000000049',
      name: 'Channel 49',
      country: 'PT',
      social: { platform: 'youtube', followers: 500000, handle: '@channel49' },
    });
    const searches = fake.of('youtube').filter((r) => r.path.endsWith('/search'));
    expect(searches.map((r) => r.query.get('pageToken'))).toEqual([null, 'page-1', 'page-2']);
    expect(searches[0]!.query.get('type')).toBe('channel');
    expect(searches[0]!.query.get('q')).toBe('cooking');
    // An address published in the channel description is "found".
    expect(records.find((r) => r.key.endsWith('51'))).toMatchObject({
      email: 'channel51@creators.test',
      email_outcome: 'found',
    });
    const resumed = await take(
      search(q('influencer', { platforms: ['youtube'], keyword: 'cooking', followers_min: 500_000 }), { offset: 60 }),
    );
    expect(resumed.map((r) => r.key)).toEqual(records.slice(60).map((r) => r.key));
  });

  test('no keyword or no youtube platform: nothing searched; quota and key errors are told apart', async () => {
    const before = fake.of('youtube').length;
    expect(
      await take(
        youtubeSearch(deps, youtube)(q('influencer', { platforms: ['instagram'], keyword: 'x' }), { offset: 0 }),
      ),
    ).toEqual([]);
    expect(
      await take(youtubeSearch(deps, youtube)(q('influencer', { platforms: ['youtube'] }), { offset: 0 })),
    ).toEqual([]);
    expect(fake.of('youtube').length).toBe(before);
    fake.queue('youtube', {
      status: 403,
      body: { error: { code: 403, errors: [{ reason: 'quotaExceeded', domain: 'youtube.quota' }] } },
    });
    await expect(
      take(youtubeSearch(deps, youtube)(q('influencer', { keyword: 'quota' }), { offset: 0 })),
    ).rejects.toMatchObject({ source: 'youtube', code: 'quota_exhausted' });
    await expect(
      take(youtubeSearch(deps, { ...youtube, apiKey: 'bad' })(q('influencer', { keyword: 'badkey' }), { offset: 0 })),
    ).rejects.toMatchObject({ code: 'key_refused' });
  });

  test("enrich: one channels.list for the rows' channels gives figures, links and a published email; other rows and unknown channels give nothing", async () => {
    const enrich = youtubeEnrich(deps, youtube);
    const from = fake.of('youtube').length;
    const lead = (userId: string, platform = 'youtube') => ({
      key: `youtube:${userId}`,
      name: 'C',
      company: null,
      website: null,
      social: { platform, user_id: userId },
    });
    // Not a YouTube channel: not asked; a channel YouTube no longer has: left out of items, null; the same channel twice: asked once.
    const answers = await enrich([
      lead('UC0000000000000000000015'),
      lead('instagram-1', 'instagram'),
      lead('UCgoneChannel_0000000000'),
      lead('UC0000000000000000000002'),
      lead('UC0000000000000000000015'),
    ]);
    expect(answers.map((a) => a?.social.title ?? null)).toEqual(['Channel 15', null, null, 'Channel 2', 'Channel 15']);
    expect(answers[0]).toEqual({
      email: 'channel15@creators.test',
      phone: null,
      social: {
        title: 'Channel 15',
        followers: 160000,
        views: 16000000,
        videos: 115,
        handle: '@channel15',
        country: 'PT',
        thumbnail: 'https://yt3.ggpht.test/UC0000000000000000000015=s800',
        description: 'Business inquiries: channel15@creators.test\nShop: https://shop15.creators.test/merch',
        links: 'https://shop15.creators.test/merch',
      },
    });
    const sent = fake.of('youtube').slice(from);
    expect(sent.map((r) => Object.fromEntries(r.query))).toEqual([
      {
        part: 'snippet,statistics,brandingSettings',
        id: 'UC0000000000000000000015,UCgoneChannel_0000000000,UC0000000000000000000002',
        maxResults: '50',
        key: FAKE_KEYS.youtube,
      },
    ]);
    // Only other platforms: nothing asked.
    expect(await enrich([lead('instagram-1', 'instagram')])).toEqual([null]);
    expect(fake.of('youtube')).toHaveLength(from + 1);
    fake.queue('youtube', {
      status: 403,
      body: { error: { code: 403, errors: [{ reason: 'quotaExceeded', domain: 'youtube.quota' }] } },
    });
    await expect(enrich([lead('UC0000000000000000000001')])).rejects.toMatchObject({
      source: 'youtube',
      code: 'quota_exhausted',
    });
  });

  test('enrich: channels are asked 50 a call, the most channels.list takes; the fake refuses 51 as YouTube does (400 invalidFilters)', async () => {
    const from = fake.of('youtube').length;
    const leads = Array.from({ length: 120 }, (_, i) => ({
      key: `youtube:${i}`,
      name: 'C',
      company: null,
      website: null,
      social: { platform: 'youtube', user_id: youtubeChannelId(i) },
    }));
    const answers = await youtubeEnrich(deps, youtube)(leads);
    expect(answers.map((a) => a?.social.title)).toEqual(leads.map((_, i) => `Channel ${i}`));
    const sent = fake.of('youtube').slice(from);
    expect(sent.map((r) => (r.query.get('id') ?? '').split(',').length)).toEqual([50, 50, 20]);
    expect(sent.flatMap((r) => (r.query.get('id') ?? '').split(','))).toEqual(leads.map((l) => l.social.user_id));
    // The reference's limit, kept by the fake: one id more is a refused request, which fails the look-up.
    const tooMany = new URL('youtube/v3/channels', fake.url('youtube'));
    tooMany.search = new URLSearchParams({
      part: 'snippet',
      id: leads
        .slice(0, 51)
        .map((l) => l.social.user_id)
        .join(','),
      key: FAKE_KEYS.youtube,
    }).toString();
    const refused = await fetch(tooMany);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual(YOUTUBE_INVALID_FILTERS);
  });
});

describe('intent: reverse DNS and IPinfo', () => {
  const visit = (ip: string): SiteVisit => ({
    id: 1,
    url: 'https://shop.example/pricing?x=1',
    referrer: 'https://google.test/',
    ip,
    user_agent: null,
    at: new Date(),
  });

  test('company host names give their registrable domain; access-provider names give nothing', () => {
    expect(companyDomainOfHost('mail.acme.test')).toBe('acme.test');
    expect(companyDomainOfHost('gw.office.acme.co.uk')).toBe('acme.co.uk');
    expect(companyDomainOfHost('a9-9-9-9.dsl.isp.test')).toBeNull();
    expect(companyDomainOfHost('ec2-3-4-5-6.compute.amazonaws.com')).toBeNull();
    expect(companyDomainOfHost('host-81-20-30-40.static.telecom.test')).toBeNull();
  });

  test('reverse DNS (keyless) identifies a company network and hands the domain to the email finder', async () => {
    const reverse = async (ip: string) =>
      ip === '198.51.100.7' ? ['gw.globex.test'] : ip === '203.0.113.9' ? ['pool-203-0-113-9.dsl.isp.test'] : [];
    const finder = {
      id: 'site',
      find: async ({ domain }: { domain: string }) => ({
        email: `hello@${domain}`,
        outcome: 'found' as const,
        verified: true,
        source: 'site',
        source_url: `http://${domain}/contact`,
      }),
    };
    // The documentation ranges are "private" for the guard: check the mapping with public-looking addresses.
    const identify = reverseDnsIdentify(deps, finder, async (ip) =>
      reverse(ip === '8.8.8.8' ? '198.51.100.7' : ip === '1.1.1.1' ? '203.0.113.9' : ip),
    );
    expect(await identify(visit('8.8.8.8'))).toMatchObject({
      key: 'intent:globex.test',
      company: 'globex.test',
      website: 'globex.test',
      email: 'hello@globex.test',
      email_outcome: 'found',
      email_source: { provider: 'site', url: 'http://globex.test/contact' },
      social: { source: 'reverse-dns', page: '/pricing', pages_viewed: 1 },
    });
    expect(await identify(visit('1.1.1.1'))).toBeNull();
    expect(await identify(visit('10.0.0.5'))).toBeNull();
  });

  test("reverse DNS asks the DNS servers of DOMAIN_DNS_SERVERS (the fixture server here), not the system's", async () => {
    const finder = {
      id: 'site',
      find: async ({ domain }: { domain: string }) => ({
        email: `hello@${domain}`,
        outcome: 'found' as const,
        verified: true,
        source: 'site',
        source_url: `http://${domain}/contact`,
      }),
    };
    const identify = reverseDnsIdentify(deps, finder);
    // PTR 8.8.4.4 → gw.acme.test (a company's gateway); 9.9.9.9 → an access provider's dsl name; 1.0.0.1 has none.
    expect(await identify(visit('8.8.4.4'))).toMatchObject({
      key: 'intent:acme.test',
      company: 'acme.test',
      email: 'hello@acme.test',
      social: { source: 'reverse-dns' },
    });
    expect(await identify(visit('9.9.9.9'))).toBeNull();
    expect(await identify(visit('1.0.0.1'))).toBeNull();
  });

  test('IPinfo names the company; an ISP address falls back to reverse DNS; a bad token is refused', async () => {
    const fallback = jest.fn(async () => null);
    const identify = ipinfoIdentify(deps, { apiKey: FAKE_KEYS.ipinfo, baseUrl: fake.url('ipinfo') }, null, fallback);
    expect(await identify(visit('8.8.4.4'))).toMatchObject({
      key: 'intent:acme.test',
      name: 'Acme Lda',
      company: 'Acme Lda',
      city: 'Porto',
      country: 'PT',
      social: { source: 'ipinfo' },
    });
    expect(fake.of('ipinfo').at(-1)!.headers.authorization).toBe(`Bearer ${FAKE_KEYS.ipinfo}`);
    expect(await identify(visit('9.9.9.9'))).toBeNull();
    expect(fallback).toHaveBeenCalledTimes(1);
    await expect(
      ipinfoIdentify(deps, { apiKey: 'bad', baseUrl: fake.url('ipinfo') }, null, null)(visit('4.4.4.4')),
    ).rejects.toMatchObject({ source: 'ipinfo', code: 'key_refused' });
  });
});

describe('Google Places (New) Text Search', () => {
  test("uses the user's own key before the platform's, sends the field mask, pages 20 at a time up to 60 per category", async () => {
    const search = googlePlacesSearch(deps, { apiKey: FAKE_KEYS.google, baseUrl: fake.url('google') }, null);
    const records = await take(
      search(
        { ...q('local', { categories: ['Dentist', 'Bakery'] }), credentials: { googleApiKey: FAKE_KEYS.googleUser } },
        { offset: 0 },
      ),
    );
    expect(records).toHaveLength(2 * FAKE_TOTALS.googlePlaces);
    const sent = fake.of('google');
    expect(sent.every((r) => r.headers['x-goog-api-key'] === FAKE_KEYS.googleUser)).toBe(true);
    expect(String(sent[0]!.headers['x-goog-fieldmask'])).toContain('places.websiteUri');
    expect(sent.map((r) => [body(r).textQuery, body(r).pageToken ?? null])).toEqual([
      ['Dentist in Porto', null],
      ['Dentist in Porto', 'tok-1'],
      ['Dentist in Porto', 'tok-2'],
      ['Bakery in Porto', null],
      ['Bakery in Porto', 'tok-1'],
      ['Bakery in Porto', 'tok-2'],
    ]);
    expect(records[0]).toMatchObject({
      key: 'google:ChIJDentist0000',
      name: 'Dentist 0',
      city: 'Porto',
      country: 'Portugal',
      category: 'Dentist',
      phone: '+351221112200',
      website: 'https://place0.test/',
      social: {
        address: 'Rua 0, 4000-000 Porto, Portugal',
        opening_hours: 'Monday: 9:00 AM – 6:00 PM; Tuesday: 9:00 AM – 6:00 PM',
      },
    });
    const resumed = await take(search(q('local', { categories: ['Dentist', 'Bakery'] }), { offset: 50 }));
    expect(resumed.map((r) => r.key)).toEqual(records.slice(50).map((r) => r.key));
    expect(fake.of('google').at(-1)!.headers['x-goog-api-key']).toBe(FAKE_KEYS.google);
  });

  test('an invalid key is "refused", not a bad request', async () => {
    const search = googlePlacesSearch(deps, { apiKey: 'wrong', baseUrl: fake.url('google') }, null);
    await expect(take(search(q('local', { categories: ['Florist'] }), { offset: 0 }))).rejects.toMatchObject({
      source: 'google_places',
      code: 'key_refused',
    });
  });
});
