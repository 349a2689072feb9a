import { geocode, type OsmConfig } from './osmProvider';
import { normalisePhone } from './phone';
import { AnswerCache, Pace, requestJson, type SourceDeps } from './sourceHttp';
import type { LeadQuery, LeadRecord } from './types';
import { WIKIDATA_COMPANY_KINDS, WIKIDATA_INDUSTRIES } from './wikidataIndustries';

/**
 * Companies from Wikidata, keyless: the Wikidata Query Service's SPARQL endpoint
 * (https://www.mediawiki.org/wiki/Wikidata_Query_Service/User_Manual), asked by POST with the query as
 * a form field and `Accept: application/sparql-results+json`, answering in the W3C SPARQL 1.1 JSON
 * results format (https://www.w3.org/TR/sparql11-results-json/). The location is geocoded by
 * Nominatim (osmProvider.ts, its usage policy and cache) to a country, matched on its ISO 3166-1 code
 * (P297); the industry filter becomes the industry items of wikidataIndustries.ts (P452); the
 * employee range filters the number of employees (P1128). Dissolved companies (P576) are left out.
 *
 * Usage policy: a user agent naming the product and how to reach us (Wikimedia's User-Agent policy);
 * each client gets 60 s of query time a minute and 30 failing queries a minute; a query runs at most
 * 60 s; 429 with Retry-After when over (waited). We send at most one query a second per process and
 * cache every page 15 minutes. Data is CC0.
 */
export interface WikidataConfig {
  sparqlUrl: string;
  nominatimUrl: string;
  pageSize?: number;
}

/** One row of the SPARQL JSON results: every projected variable that is bound, as `{ type, value }`. */
type Binding = Record<string, { type: string; value: string; datatype?: string; 'xml:lang'?: string } | undefined>;
interface SparqlResults {
  head?: { vars?: string[] };
  results?: { bindings?: Binding[] };
}

export interface WikidataCompanyFilters {
  countryCode: string;
  industries: readonly string[];
  employeesMin: number | null;
  employeesMax: number | null;
  limit: number;
  offset: number;
}

const QID = /^Q\d+$/;
const WIKIDATA_PACE = new Pace(1000);
const PAGES = new AnswerCache<Binding[]>(15 * 60_000);

/**
 * The SPARQL of one page of companies: grouped per company (a company may list several websites,
 * industries or head offices), largest first, then by item, so a page holds the same companies each
 * time it is asked for.
 */
export function wikidataCompanyQuery(f: WikidataCompanyFilters): string {
  if (!/^[A-Z]{2}$/.test(f.countryCode)) throw new Error(`not an ISO 3166-1 alpha-2 code: ${f.countryCode}`);
  const items = (qids: readonly string[]) =>
    qids
      .filter((q) => QID.test(q))
      .map((q) => `wd:${q}`)
      .join(' ');
  const staff = f.employeesMin !== null || f.employeesMax !== null;
  const bounds = [
    f.employeesMin !== null ? `?staff >= ${Math.trunc(f.employeesMin)}` : '',
    f.employeesMax !== null ? `?staff <= ${Math.trunc(f.employeesMax)}` : '',
  ]
    .filter(Boolean)
    .join(' && ');
  return [
    'SELECT ?company (SAMPLE(?name) AS ?label) (SAMPLE(?site) AS ?website) (MAX(?staff) AS ?employees) (SAMPLE(?hqName) AS ?hq)',
    '       (SAMPLE(?indName) AS ?industry) (SAMPLE(?li) AS ?linkedin) (SAMPLE(?tel) AS ?phone) WHERE {',
    `  ?country wdt:P297 "${f.countryCode}" .`,
    f.industries.length
      ? `  VALUES ?ind { ${items(f.industries)} }\n  ?company wdt:P452 ?ind ; wdt:P17 ?country .`
      : `  VALUES ?kind { ${items(WIKIDATA_COMPANY_KINDS)} }\n  ?company wdt:P31 ?kind ; wdt:P17 ?country .\n  OPTIONAL { ?company wdt:P452 ?ind }`,
    '  FILTER NOT EXISTS { ?company wdt:P576 ?dissolved }',
    '  ?company rdfs:label ?name . FILTER(LANG(?name) = "en")',
    staff ? `  ?company wdt:P1128 ?staff . FILTER(${bounds})` : '  OPTIONAL { ?company wdt:P1128 ?staff }',
    '  OPTIONAL { ?company wdt:P856 ?site }',
    '  OPTIONAL { ?company wdt:P159 ?hqItem . ?hqItem rdfs:label ?hqName . FILTER(LANG(?hqName) = "en") }',
    '  OPTIONAL { ?ind rdfs:label ?indName . FILTER(LANG(?indName) = "en") }',
    '  OPTIONAL { ?company wdt:P4264 ?li }',
    '  OPTIONAL { ?company wdt:P1329 ?tel }',
    '}',
    'GROUP BY ?company',
    'ORDER BY DESC(?employees) ?company',
    `LIMIT ${f.limit} OFFSET ${f.offset}`,
  ].join('\n');
}

/** One SPARQL query, paced and retried by the common rules (429/503 wait Retry-After). */
export async function sparql(deps: SourceDeps, sparqlUrl: string, query: string): Promise<Binding[]> {
  await WIKIDATA_PACE.take(deps);
  const { data } = await requestJson<SparqlResults>(deps, 'wikidata', {
    method: 'POST',
    url: new URL(sparqlUrl),
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/sparql-results+json' },
    body: new URLSearchParams({ query }).toString(),
  });
  return data?.results?.bindings ?? [];
}

const value = (b: Binding, name: string) => b[name]?.value ?? null;

function companyRecord(b: Binding, country: string | null, countryCode: string): LeadRecord | null {
  const item = value(b, 'company')?.replace(/^https?:\/\/www\.wikidata\.org\/entity\//, '') ?? null;
  const name = value(b, 'label');
  if (!item || !name) return null;
  const employees = Number(value(b, 'employees'));
  const linkedin = value(b, 'linkedin');
  return {
    key: `wikidata:${item}`,
    name,
    company: name,
    job_title: null,
    department: null,
    seniority: null,
    management_level: null,
    website: value(b, 'website'),
    city: value(b, 'hq'),
    country,
    category: value(b, 'industry'),
    employee_count: Number.isFinite(employees) && employees > 0 ? Math.round(employees) : null,
    linkedin_url: linkedin ? `https://www.linkedin.com/company/${encodeURIComponent(linkedin)}` : null,
    email: null,
    email_outcome: 'not_found',
    phone: normalisePhone(value(b, 'phone'), countryCode),
    social: { source: 'wikidata', wikidata: item },
  };
}

/** Company search: pages of the SPARQL query (emails come from the waterfall, see leadSources.ts). */
export function wikidataCompanySearch(deps: SourceDeps, config: WikidataConfig) {
  const osm: OsmConfig = { nominatimUrl: config.nominatimUrl, overpassUrl: '' };
  return async function* search(query: LeadQuery, { offset }: { offset: number }): AsyncIterable<LeadRecord> {
    const area = query.location.trim() ? await geocode(deps, osm, query.location) : null;
    if (!area?.countryCode) return;
    const f = query.filters;
    const industry = typeof f.industry === 'string' ? f.industry : null;
    const industries = industry ? (WIKIDATA_INDUSTRIES[industry] ?? []) : [];
    // An industry Wikidata has no item for finds nothing rather than every company of the country.
    if (industry && !industries.length) return;
    const pageSize = config.pageSize ?? 50;
    for (let start = Math.floor(offset / pageSize) * pageSize; ; start += pageSize) {
      const filters: WikidataCompanyFilters = {
        countryCode: area.countryCode.toUpperCase(),
        industries,
        employeesMin: typeof f.employees_min === 'number' ? f.employees_min : null,
        employeesMax: typeof f.employees_max === 'number' ? f.employees_max : null,
        limit: pageSize,
        offset: start,
      };
      const text = wikidataCompanyQuery(filters);
      const rows = await PAGES.get(`${config.sparqlUrl}|${text}`, deps.now(), () =>
        sparql(deps, config.sparqlUrl, text),
      );
      const skip = start < offset ? offset - start : 0;
      for (const row of rows.slice(skip)) {
        const record = companyRecord(row, area.country, filters.countryCode);
        if (record) yield record;
      }
      if (rows.length < pageSize) return;
    }
  };
}
