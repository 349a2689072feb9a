import { emailWaterfall, type EmailFinder, type FoundEmail } from '../src/providers/leads/emailFinder';
import {
  hunterDomainSearch,
  hunterEmailFinder,
  hunterEmployees,
  hunterVerify,
  type HunterConfig,
} from '../src/providers/leads/hunterProvider';
import type { LeadRecord } from '../src/providers/leads';
import { LeadSourceError } from '../src/providers/leads/sourceHttp';
import { FAKE_KEYS, startFakeLeadVendors, testSourceDeps, type FakeLeadVendors } from './fakeLeadVendors';

let fake: FakeLeadVendors;
let hunter: HunterConfig;
const deps = testSourceDeps();

beforeAll(async () => {
  fake = await startFakeLeadVendors();
  hunter = { apiKey: FAKE_KEYS.hunter, baseUrl: fake.url('hunter'), pageSize: 10 };
});
afterAll(() => fake.close());

async function all(iterable: AsyncIterable<LeadRecord>): Promise<LeadRecord[]> {
  const out: LeadRecord[] = [];
  for await (const r of iterable) out.push(r);
  return out;
}
const domainQuery = (domain: string) => ({ type: 'domain' as const, location: 'Anywhere', filters: { domain } });

test('domain search pages through Domain Search with limit/offset and maps each address', async () => {
  const search = hunterDomainSearch(deps, hunter);
  const records = await all(search(domainQuery('https://www.acme.test/contact'), { offset: 0 }));
  expect(records).toHaveLength(23);
  const pages = fake.of('hunter').filter((r) => r.path.endsWith('/v2/domain-search'));
  expect(pages.map((r) => [r.query.get('domain'), r.query.get('offset'), r.query.get('limit')])).toEqual([
    ['acme.test', '0', '10'],
    ['acme.test', '10', '10'],
    ['acme.test', '20', '10'],
  ]);
  // The key travels in a header, never in the URL.
  expect(pages.every((r) => r.headers['x-api-key'] === FAKE_KEYS.hunter && !r.query.has('api_key'))).toBe(true);
  expect(records[0]).toMatchObject({
    key: `hunter:${records[0]!.email}`,
    name: 'Ana Silva',
    company: 'Acme Lda',
    job_title: 'Marketing Manager',
    department: 'marketing',
    seniority: 'senior',
    website: 'acme.test',
    country: 'PT',
    phone: '+351220001111',
    email_outcome: 'found',
    email_source: {
      provider: 'hunter',
      url: 'http://acme.test/team',
      via: 'vendor',
      mx: null,
      disposable: false,
      role: false,
    },
  });
  expect(new Set(records.map((r) => r.key)).size).toBe(23);
});

test('a resumed domain search starts at its offset (same records as the full run)', async () => {
  const search = hunterDomainSearch(deps, hunter);
  const whole = await all(search(domainQuery('acme.test'), { offset: 0 }));
  const resumed = await all(search(domainQuery('acme.test'), { offset: 7 }));
  expect(resumed.map((r) => r.key)).toEqual(whole.slice(7).map((r) => r.key));
});

test('Hunter 403 is its rate limit: backed off and retried; 429 is the monthly quota; 401 a refused key', async () => {
  deps.waits.length = 0;
  fake.queue('hunter', { status: 403, body: { errors: [{ id: 'too_many_requests', code: 403 }] } });
  const records = await all(hunterDomainSearch(deps, hunter)(domainQuery('tripeiro.test'), { offset: 0 }));
  expect(records).toHaveLength(2);
  expect(deps.waits).toEqual([1000]);

  fake.queue('hunter', { status: 429, body: { errors: [{ id: 'too_many_requests', code: 429 }] } });
  await expect(hunterVerify(deps, hunter, 'a@acme.test')).rejects.toMatchObject({
    source: 'hunter',
    code: 'quota_exhausted',
  });

  const refused = hunterEmailFinder(deps, { ...hunter, apiKey: 'wrong' });
  const error = await refused
    .find({ domain: 'acme.test', first_name: 'Ada', last_name: 'Lovelace' })
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(LeadSourceError);
  expect(error).toMatchObject({ code: 'key_refused' });
});

test('Email Finder: verified answer is "found", an accept-all one "potential"; an unknown domain nothing', async () => {
  const finder = hunterEmailFinder(deps, hunter);
  expect(await finder.find({ domain: 'acme.test', full_name: 'Ada Lovelace' })).toEqual({
    email: 'ada.lovelace@acme.test',
    outcome: 'found',
    verified: true,
    source: 'hunter',
    source_url: 'http://acme.test/about',
  });
  expect(await finder.find({ domain: 'acme.test', first_name: 'Maybe', last_name: 'Later' })).toMatchObject({
    outcome: 'potential',
    verified: false,
  });
  expect(await finder.find({ domain: 'unknown.test', first_name: 'No', last_name: 'One' })).toBeNull();
  expect(await hunterVerify(deps, hunter, 'x@acme.test')).toMatchObject({ status: 'valid', smtp_check: true });
});

test("get employees lists the people at the lead's domain", async () => {
  const people = await hunterEmployees(
    deps,
    hunter,
  )({ key: null, name: 'Acme', company: 'Acme', website: 'https://acme.test' });
  expect(people.length).toBe(10);
  expect(people[0]).toMatchObject({
    name: 'Ana Silva',
    job_title: 'Marketing Manager',
    email: expect.stringMatching(/@acme\.test$/),
  });
  expect(fake.of('hunter').at(-1)!.query.get('type')).toBe('personal');
});

describe('the email waterfall', () => {
  const found = (source: string, verified: boolean): FoundEmail => ({
    email: `${source}@acme.test`,
    outcome: verified ? 'found' : 'potential',
    verified,
    source,
    source_url: null,
  });
  const finder = (id: string, answer: FoundEmail | null | Error, calls: string[]): EmailFinder => ({
    id,
    find: async () => {
      calls.push(id);
      if (answer instanceof Error) throw answer;
      return answer;
    },
  });

  test('stops at the first verified hit, in the configured order', async () => {
    const calls: string[] = [];
    const chain = emailWaterfall([
      finder('site', null, calls),
      finder('hunter', found('hunter', true), calls),
      finder('apollo', found('apollo', true), calls),
    ]);
    expect(await chain.find({ domain: 'acme.test' })).toMatchObject({ source: 'hunter', verified: true });
    expect(calls).toEqual(['site', 'hunter']);
  });

  test('keeps the first unverified answer when nobody verifies, and skips a failing source', async () => {
    const calls: string[] = [];
    const chain = emailWaterfall([
      finder('site', found('site', false), calls),
      finder('hunter', new LeadSourceError('hunter', 'quota_exhausted', 'HTTP 429'), calls),
      finder('apollo', null, calls),
    ]);
    expect(await chain.find({ domain: 'acme.test' })).toMatchObject({ source: 'site', outcome: 'potential' });
    expect(calls).toEqual(['site', 'hunter', 'apollo']);
  });

  test('throws the first failure when no source could answer at all', async () => {
    const calls: string[] = [];
    const chain = emailWaterfall([
      finder('hunter', new LeadSourceError('hunter', 'key_refused', 'HTTP 401'), calls),
      finder('apollo', new LeadSourceError('apollo', 'unavailable', 'down'), calls),
    ]);
    await expect(chain.find({ domain: 'acme.test' })).rejects.toMatchObject({ source: 'hunter', code: 'key_refused' });
  });
});
