import { emailWaterfall, type EmailFinder } from '../src/providers/leads/emailFinder';
import { hunterEmailFinder } from '../src/providers/leads/hunterProvider';
import {
  geocode,
  gridCells,
  osmLocalSearch,
  withEmailsAhead,
  type OsmConfig,
} from '../src/providers/leads/osmProvider';
import { OSM_TAGS_BY_PLACE_TYPE } from '../src/providers/leads/osmPlaceTags';
import { PLACE_TYPES, type LeadRecord } from '../src/providers/leads';
import { LeadSourceError } from '../src/providers/leads/sourceHttp';
import { FAKE_KEYS, startFakeLeadVendors, testSourceDeps, type FakeLeadVendors } from './fakeLeadVendors';

let fake: FakeLeadVendors;
let osm: OsmConfig;
const deps = testSourceDeps();

beforeAll(async () => {
  fake = await startFakeLeadVendors();
  osm = { nominatimUrl: fake.url('nominatim'), overpassUrl: fake.url('overpass') };
});
afterAll(() => fake.close());

async function all(iterable: AsyncIterable<LeadRecord>, max = 100): Promise<LeadRecord[]> {
  const out: LeadRecord[] = [];
  for await (const r of iterable) {
    out.push(r);
    if (out.length >= max) break;
  }
  return out;
}

const query = (categories: string[], location = 'Porto') => ({
  type: 'local' as const,
  location,
  filters: { categories },
});

test('every place type of the spec maps to at least one OpenStreetMap tag', () => {
  for (const type of PLACE_TYPES) expect(OSM_TAGS_BY_PLACE_TYPE[type].length).toBeGreaterThan(0);
});

test('a local search geocodes with Nominatim, asks Overpass for the category tags cell by cell and maps name, address, phone, website and hours', async () => {
  const search = osmLocalSearch(deps, osm, null);
  const records = await all(search(query(['Restaurant', 'Dentist']), { offset: 0 }));

  const geocoding = fake.of('nominatim');
  expect(geocoding).toHaveLength(1);
  expect(geocoding[0]!.query.get('q')).toBe('Porto');
  expect(geocoding[0]!.headers['user-agent']).toMatch(/^Leadsmith\//);
  const cells = fake.of('overpass');
  expect(cells).toHaveLength(3); // 0.048° × 0.139° box in 0.05° cells: 1 row, 3 columns
  const ql = new URLSearchParams(cells[0]!.body).get('data')!;
  expect(ql).toContain('nwr["amenity"="restaurant"]["name"]');
  expect(ql).toContain('nwr["amenity"="dentist"]["name"]');
  expect(ql).toContain('nwr["healthcare"="dentist"]["name"]');

  // West cell first (nodes before ways, by id), then middle, then east; nameless and out-of-box places left out.
  expect(records.map((r) => r.key)).toEqual([
    'osm:node/1001',
    'osm:node/1002',
    'osm:way/2001',
    'osm:node/1003',
    'osm:node/1004',
    'osm:node/1006',
    'osm:way/2002',
  ]);
  const [tasca, foz, clinic] = records;
  expect(tasca).toMatchObject({
    name: 'Tasca do Rio',
    company: 'Tasca do Rio',
    website: 'https://tasca-do-rio.test',
    city: 'Porto',
    country: 'Portugal',
    category: 'Restaurant',
    phone: '+351221234567',
    email: 'reservas@tasca-do-rio.test',
    email_outcome: 'found',
    social: {
      address: '12 Rua do Ouro, 4150-001 Porto',
      opening_hours: 'Mo-Sa 12:00-23:00',
      source: 'openstreetmap',
      osm: 'node/1001',
    },
  });
  // A national number is read with the place's country (Nominatim's country code).
  expect(foz).toMatchObject({
    phone: '+351229876543',
    website: 'http://www.casafoz.test/',
    email: null,
    email_outcome: 'not_found',
  });
  expect(clinic).toMatchObject({ category: 'Dentist', phone: null });
});

test('paging: a resumed search (offset) continues where the last one stopped, across cells, without repeats', async () => {
  const search = osmLocalSearch(deps, osm, null);
  const first = await all(search(query(['Restaurant']), { offset: 0 }), 3);
  const rest = await all(search(query(['Restaurant']), { offset: 3 }));
  const whole = await all(search(query(['Restaurant']), { offset: 0 }));
  expect([...first, ...rest].map((r) => r.key)).toEqual(whole.map((r) => r.key));
  expect(new Set(whole.map((r) => r.key)).size).toBe(whole.length);
  expect(whole).toHaveLength(5);
});

test('Nominatim is asked at most once a second, and answers are cached', async () => {
  const before = fake.of('nominatim').length;
  deps.waits.length = 0;
  await geocode(deps, osm, 'Lisboa');
  await geocode(deps, osm, 'Braga');
  await geocode(deps, osm, 'Braga');
  expect(fake.of('nominatim').length - before).toBe(2);
  expect(deps.waits.some((ms) => ms > 0 && ms <= 1000)).toBe(true);
  expect(deps.waits.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1000 - 50);
});

test('an unknown location gives no results, not an error', async () => {
  const search = osmLocalSearch(deps, osm, null);
  expect(await all(search(query(['Restaurant'], 'Nowhere-at-all'), { offset: 0 }))).toEqual([]);
});

test('Overpass 429 with Retry-After is waited for and retried; a long Retry-After fails the step as rate_limited', async () => {
  deps.waits.length = 0;
  fake.queue('overpass', { status: 429, headers: { 'retry-after': '3' }, body: 'rate_limited' });
  const search = osmLocalSearch(deps, { ...osm, cellDegrees: 1 }, null);
  const records = await all(search(query(['Bakery']), { offset: 0 }));
  expect(records).toEqual([]);
  expect(deps.waits).toContain(3000);

  fake.queue('overpass', { status: 429, headers: { 'retry-after': '600' }, body: 'rate_limited' });
  const failing = osmLocalSearch(deps, { ...osm, cellDegrees: 2 }, null);
  const error = await all(failing(query(['Bar']), { offset: 0 })).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(LeadSourceError);
  expect(error).toMatchObject({ source: 'osm', code: 'rate_limited', retryAfterMs: 600_000 });
});

test('websites without a listed email go through the email waterfall; the record says which source found it', async () => {
  const site: EmailFinder = {
    id: 'site',
    find: async ({ domain }) =>
      domain === 'tripeiro.test'
        ? { email: `info@${domain}`, outcome: 'potential', verified: false, source: 'site', source_url: null }
        : null,
  };
  const finder = emailWaterfall([
    site,
    hunterEmailFinder(deps, { apiKey: FAKE_KEYS.hunter, baseUrl: fake.url('hunter') }),
  ]);
  const search = osmLocalSearch(deps, osm, finder);
  const records = await all(search(query(['Restaurant', 'Dentist']), { offset: 0 }));
  const byName = Object.fromEntries(records.map((r) => [r.name, r]));
  // Listed on OSM: kept, no look-up.
  expect(byName['Tasca do Rio']).toMatchObject({
    email: 'reservas@tasca-do-rio.test',
    email_source: { provider: 'osm', via: 'listing' },
  });
  // The site gave an unverified address, Hunter a verified one: Hunter's wins.
  expect(byName['O Tripeiro']).toMatchObject({
    email_outcome: 'found',
    email_source: { provider: 'hunter', url: 'http://tripeiro.test/team' },
  });
  expect(byName['O Tripeiro']!.email).toMatch(/@tripeiro\.test$/);
  expect(byName['Clínica Dentária Boavista']).toMatchObject({
    email_outcome: 'found',
    email_source: { provider: 'hunter' },
  });
  // No website: nothing to look up.
  expect(byName['Cantinho do Avillez']).toMatchObject({ email: null, email_outcome: 'not_found' });
  const hunterDomains = fake.of('hunter').map((r) => r.query.get('domain'));
  expect(hunterDomains).not.toContain('tasca-do-rio.test');
});

test('the grid never has more than maxCellsPerSide² cells', () => {
  const cells = gridCells(
    { south: 0, north: 10, west: 0, east: 10, countryCode: null, country: null, city: null },
    0.05,
    4,
  );
  expect(cells).toHaveLength(16);
  expect(cells[15]).toMatchObject({ north: 10, east: 10 });
});

test('email look-ups run a few records ahead, keep the order, and never start past the limit the job will take', async () => {
  const started: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const finder: EmailFinder = {
    id: 'site',
    find: async ({ domain }) => {
      started.push(domain);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      // Earlier records answer later: the output must still keep the input order.
      const ticks = 20 - Number(domain.replace(/\D/g, ''));
      for (let t = 0; t < ticks; t += 1) await Promise.resolve();
      inFlight -= 1;
      return { email: `info@${domain}`, outcome: 'found', verified: true, source: 'site', source_url: null };
    },
  };
  const record = (i: number): LeadRecord => ({
    key: `k${i}`,
    name: `Place ${i}`,
    company: `Place ${i}`,
    job_title: null,
    department: null,
    seniority: null,
    management_level: null,
    website: `site${i}.test`,
    city: null,
    country: null,
    category: null,
    employee_count: null,
    linkedin_url: null,
    email: null,
    email_outcome: 'not_found',
    phone: null,
    social: null,
  });
  async function* places(): AsyncIterable<LeadRecord> {
    for (let i = 0; i < 10; i += 1) yield record(i);
  }
  const out = (await all(withEmailsAhead(places(), finder, 4, 3))).map((r) => `${r.key}:${r.email}`);
  expect(out).toEqual(['k0:info@site0.test', 'k1:info@site1.test', 'k2:info@site2.test', 'k3:info@site3.test']);
  expect(started).toEqual(['site0.test', 'site1.test', 'site2.test', 'site3.test']);
  expect(maxInFlight).toBe(3);
});

test('a place whose email look-up is done is handed on while the source is still reading the next ones', async () => {
  const finder: EmailFinder = {
    id: 'site',
    find: async ({ domain }) => ({
      email: `info@${domain}`,
      outcome: 'found',
      verified: true,
      source: 'site',
      source_url: null,
    }),
  };
  const record = (i: number): LeadRecord => ({
    key: `k${i}`,
    name: `Place ${i}`,
    company: `Place ${i}`,
    job_title: null,
    department: null,
    seniority: null,
    management_level: null,
    website: `site${i}.test`,
    city: null,
    country: null,
    category: null,
    employee_count: null,
    linkedin_url: null,
    email: null,
    email_outcome: 'not_found',
    phone: null,
    social: null,
  });
  // The source gives one place, then waits (a slow Overpass cell) until the test lets it go on.
  let letGo!: () => void;
  const slowCell = new Promise<void>((resolve) => (letGo = resolve));
  async function* places(): AsyncIterable<LeadRecord> {
    yield record(0);
    await slowCell;
    yield record(1);
  }
  const reader = withEmailsAhead(places(), finder, 10, 6)[Symbol.asyncIterator]();
  expect((await reader.next()).value).toMatchObject({ key: 'k0', email: 'info@site0.test' });
  letGo();
  expect((await reader.next()).value).toMatchObject({ key: 'k1', email: 'info@site1.test' });
  expect((await reader.next()).done).toBe(true);
});
