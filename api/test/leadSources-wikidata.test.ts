import {
  installLeadSources,
  loadLeadSourcesConfig,
  providerFor,
  type LeadQuery,
  type LeadRecord,
} from '../src/providers/leads';
import { nextLeadSource } from '../src/providers/leads';
import { checkLeadSource } from '../src/providers/leads/sourceSettings';
import { NO_SETTINGS } from '../src/providers/leads/leadSources';
import { wikidataCompanySearch, type WikidataConfig } from '../src/providers/leads/wikidataProvider';
import { FAKE_KEYS, startFakeLeadVendors, testSourceDeps, type FakeLeadVendors } from './fakeLeadVendors';

/** Companies from the Wikidata Query Service (keyless), against its loopback fake speaking SPARQL JSON results. */
let fake: FakeLeadVendors;
let deps: ReturnType<typeof testSourceDeps>;
let config: WikidataConfig;

beforeAll(async () => {
  fake = await startFakeLeadVendors();
  deps = testSourceDeps();
  config = { sparqlUrl: fake.url('wikidata'), nominatimUrl: fake.url('nominatim'), pageSize: 5 };
});
afterAll(() => fake.close());

const q = (filters: Record<string, unknown>, location = 'Porto'): LeadQuery => ({ type: 'company', location, filters });
async function take(iterable: AsyncIterable<LeadRecord>, n = Infinity): Promise<LeadRecord[]> {
  const out: LeadRecord[] = [];
  for await (const r of iterable) {
    out.push(r);
    if (out.length >= n) break;
  }
  return out;
}
const sent = () => fake.of('wikidata').map((r) => new URLSearchParams(r.body).get('query') ?? '');

test('an industry in a place: the country from Nominatim, the industry items, pages of the SPARQL answer in a stable order', async () => {
  const before = fake.of('wikidata').length;
  const records = await take(wikidataCompanySearch(deps, config)(q({ industry: 'Software' }), { offset: 0 }));
  const asked = fake.of('wikidata').slice(before);
  expect(asked[0]!.method).toBe('POST');
  expect(asked[0]!.headers.accept).toBe('application/sparql-results+json');
  expect(asked[0]!.headers['user-agent']).toMatch(/^Leadsmith\//);
  const query = sent()[before]!;
  expect(query).toContain('?country wdt:P297 "PT"');
  expect(query).toContain('VALUES ?ind { wd:Q880371 wd:Q638608 }');
  expect(query).toContain('FILTER NOT EXISTS { ?company wdt:P576 ?dissolved }');
  // Twelve software companies in Portugal, five a page: three pages, the last short.
  expect(
    sent()
      .slice(before)
      .map((s) => /LIMIT \d+ OFFSET \d+/.exec(s)![0]),
  ).toEqual(['LIMIT 5 OFFSET 0', 'LIMIT 5 OFFSET 5', 'LIMIT 5 OFFSET 10']);
  expect(records).toHaveLength(12);
  expect(records.every((r) => r.country === 'Portugal' && r.category === 'software industry')).toBe(true);
  expect(records[0]).toMatchObject({
    key: 'wikidata:Q990000000',
    name: 'Porto Software 0',
    company: 'Porto Software 0',
    website: 'https://portosoftware0.test/',
    employee_count: 1000,
    city: 'Porto',
    linkedin_url: 'https://www.linkedin.com/company/porto-software-0',
    email: null,
    email_outcome: 'not_found',
  });
  expect(records[1]).toMatchObject({ name: 'Porto Software 1', phone: '+351226000001', city: 'Lisbon' });
  // Companies without a known size come last (most employees first).
  expect(records.slice(-3).map((r) => r.employee_count)).toEqual([null, null, null]);

  // A resumed search starts at its offset and asks for the page holding it only once it needs it.
  const resumed = await take(wikidataCompanySearch(deps, config)(q({ industry: 'Software' }), { offset: 7 }), 2);
  expect(resumed.map((r) => r.key)).toEqual([records[7]!.key, records[8]!.key]);
});

test('employee range; a place Nominatim does not know asks Wikidata nothing', async () => {
  const records = await take(
    wikidataCompanySearch(deps, config)(q({ industry: 'Retail', employees_min: 11, employees_max: 200 }), {
      offset: 0,
    }),
  );
  expect(sent().at(-1)).toContain('?company wdt:P1128 ?staff . FILTER(?staff >= 11 && ?staff <= 200)');
  expect(records.map((r) => [r.name, r.employee_count, r.city])).toEqual([['Loja Exemplo', 40, 'Braga']]);

  const before = fake.of('wikidata').length;
  expect(
    await take(wikidataCompanySearch(deps, config)(q({ industry: 'Software' }, 'Atlantis'), { offset: 0 })),
  ).toEqual([]);
  expect(fake.of('wikidata')).toHaveLength(before);
});

test('a busy service (429 with Retry-After) is waited for, then answers', async () => {
  fake.queue('wikidata', { status: 429, body: 'Too Many Requests', headers: { 'retry-after': '3' } });
  const records = await take(
    wikidataCompanySearch(deps, { ...config, pageSize: 20 })(q({ employees_min: 2000 }), { offset: 0 }),
  );
  expect(deps.waits).toContain(3000);
  expect(sent().at(-1)).toContain('VALUES ?kind {');
  expect(records.map((r) => r.name)).toEqual(['Mercado Teste']);
});

test('Wikidata serves company searches when no key is set, after Apollo when one is, and not when the keyless engines exclude it', async () => {
  const env = { NOMINATIM_URL: fake.url('nominatim'), WIKIDATA_SPARQL_URL: fake.url('wikidata') };
  let uninstall = installLeadSources(loadLeadSourcesConfig(env), {}, deps);
  try {
    expect(providerFor('company')).toMatchObject({ id: 'wikidata', demo: false });
  } finally {
    uninstall();
  }
  uninstall = installLeadSources(
    loadLeadSourcesConfig({ ...env, APOLLO_API_KEY: FAKE_KEYS.apollo, APOLLO_URL: fake.url('apollo') }),
    {},
    deps,
  );
  try {
    expect(providerFor('company').id).toBe('apollo');
    expect(nextLeadSource('apollo', 'company')?.id).toBe('wikidata');
  } finally {
    uninstall();
  }
  uninstall = installLeadSources(loadLeadSourcesConfig({ ...env, LEAD_KEYLESS_SOURCES: 'site,osm' }), {}, deps);
  try {
    expect(providerFor('company').demo).toBe(true);
  } finally {
    uninstall();
  }
  // Admin → Searchers health check: a one-row query.
  expect(await checkLeadSource('wikidata', loadLeadSourcesConfig(env), NO_SETTINGS, deps)).toEqual({ ok: true });
});
