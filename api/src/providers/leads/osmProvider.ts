import { domainOf, vendorEmailSource, type EmailFinder } from './emailFinder';
import { osmTagsFor, placeTypeOf } from './osmPlaceTags';
import { normalisePhone } from './phone';
import { AnswerCache, LeadSourceError, Pace, requestJson, type SourceDeps } from './sourceHttp';
import type { LeadQuery, LeadRecord } from './types';

/**
 * Local businesses from OpenStreetMap, keyless: Nominatim geocodes the location to a bounding
 * box, the Overpass API lists the places of the chosen categories in it, cell by cell of a grid
 * laid over the box (so the first results come after one small query and a large city is read in
 * pieces), and the email finder (the domain engine, then keyed vendors) looks up each website.
 *
 * Usage policies: Nominatim at most 1 request/s with a user agent naming the application, results
 * cached (https://operations.osmfoundation.org/policies/nominatim/); Overpass answers 429 when the
 * IP's slots are busy, and we wait as told (https://dev.overpass-api.de/overpass-doc/en/preface/commons.html).
 */
export interface OsmConfig {
  nominatimUrl: string;
  overpassUrl: string;
  /** Side of a grid cell in degrees; the box is cut into at most `maxCells` per side. */
  cellDegrees?: number;
  maxCellsPerSide?: number;
}

interface NominatimPlace {
  lat: string;
  lon: string;
  boundingbox: [string, string, string, string];
  display_name: string;
  address?: { country_code?: string; country?: string; city?: string; town?: string; village?: string };
}

interface OverpassElement {
  type: 'node' | 'way' | 'relation';
  id: number;
  lat?: number;
  lon?: number;
  center?: { lat: number; lon: number };
  tags?: Record<string, string>;
}

export interface Area {
  south: number;
  north: number;
  west: number;
  east: number;
  countryCode: string | null;
  country: string | null;
  city: string | null;
}

/** At most one Nominatim request a second from this process (usage policy). */
export const NOMINATIM_PACE = new Pace(1000);
const GEOCODE_CACHE = new AnswerCache<Area | null>(24 * 3600_000);
const CELL_CACHE = new AnswerCache<OverpassElement[]>(15 * 60_000);

export async function geocode(deps: SourceDeps, config: OsmConfig, location: string): Promise<Area | null> {
  return GEOCODE_CACHE.get(`${config.nominatimUrl}|${location.trim().toLowerCase()}`, deps.now(), async () => {
    await NOMINATIM_PACE.take(deps);
    const url = new URL('search', withSlash(config.nominatimUrl));
    url.search = new URLSearchParams({ q: location, format: 'jsonv2', limit: '1', addressdetails: '1' }).toString();
    const { data } = await requestJson<NominatimPlace[]>(deps, 'osm', { method: 'GET', url });
    const place = Array.isArray(data) ? data[0] : undefined;
    if (!place) return null;
    const [south, north, west, east] = place.boundingbox.map(Number) as [number, number, number, number];
    if (![south, north, west, east].every(Number.isFinite))
      throw new LeadSourceError('osm', 'bad_answer', 'Nominatim bounding box is not numeric');
    const a = place.address ?? {};
    return {
      south,
      north,
      west,
      east,
      countryCode: a.country_code ?? null,
      country: a.country ?? null,
      city: a.city ?? a.town ?? a.village ?? null,
    };
  });
}

/** The grid over the area, row by row from the south-west: the order results come in. */
export function gridCells(area: Area, cellDegrees = 0.05, maxPerSide = 4): Area[] {
  const rows = Math.min(maxPerSide, Math.max(1, Math.ceil((area.north - area.south) / cellDegrees)));
  const cols = Math.min(maxPerSide, Math.max(1, Math.ceil((area.east - area.west) / cellDegrees)));
  const cells: Area[] = [];
  const dLat = (area.north - area.south) / rows;
  const dLon = (area.east - area.west) / cols;
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) {
      cells.push({
        ...area,
        south: area.south + r * dLat,
        north: r === rows - 1 ? area.north : area.south + (r + 1) * dLat,
        west: area.west + c * dLon,
        east: c === cols - 1 ? area.east : area.west + (c + 1) * dLon,
      });
    }
  }
  return cells;
}

/** The Overpass QL query for the categories' tags inside one cell. */
export function overpassQuery(categories: readonly string[], cell: Area): string {
  const box = `${cell.south},${cell.west},${cell.north},${cell.east}`;
  const quote = (s: string) => JSON.stringify(s);
  const lines = osmTagsFor(categories).map(([k, v]) => `  nwr[${quote(k)}=${quote(v)}]["name"](${box});`);
  return `[out:json][timeout:25];\n(\n${lines.join('\n')}\n);\nout center tags;`;
}

/** Whether an element's point lies in the cell (south/west edges inclusive): each place belongs to one cell only. */
function inCell(element: OverpassElement, cell: Area, area: Area): boolean {
  const lat = element.lat ?? element.center?.lat;
  const lon = element.lon ?? element.center?.lon;
  if (lat === undefined || lon === undefined) return false;
  const northOk = cell.north === area.north ? lat <= cell.north : lat < cell.north;
  const eastOk = cell.east === area.east ? lon <= cell.east : lon < cell.east;
  return lat >= cell.south && northOk && lon >= cell.west && eastOk;
}

async function placesIn(
  deps: SourceDeps,
  config: OsmConfig,
  categories: readonly string[],
  cell: Area,
  area: Area,
): Promise<OverpassElement[]> {
  const query = overpassQuery(categories, cell);
  return CELL_CACHE.get(`${config.overpassUrl}|${query}`, deps.now(), async () => {
    const { data } = await requestJson<{ elements?: OverpassElement[] }>(
      deps,
      'osm',
      {
        method: 'POST',
        url: new URL(config.overpassUrl),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ data: query }).toString(),
      },
      { maxWaitMs: 30_000 },
    );
    if (!data || !Array.isArray(data.elements))
      throw new LeadSourceError('osm', 'bad_answer', 'Overpass answer has no elements');
    const order = { node: 0, way: 1, relation: 2 } as const;
    return data.elements
      .filter((e) => e.tags?.name && inCell(e, cell, area))
      .sort((a, b) => order[a.type] - order[b.type] || a.id - b.id);
  });
}

/** An OSM element as a local lead (email still to look up). */
export function osmRecord(element: OverpassElement, categories: readonly string[], area: Area): LeadRecord {
  const t = element.tags ?? {};
  const street = [t['addr:housenumber'], t['addr:street']].filter(Boolean).join(' ');
  const town = [t['addr:postcode'], t['addr:city']].filter(Boolean).join(' ');
  const address = [street, town].filter(Boolean).join(', ');
  const website = t.website ?? t['contact:website'] ?? t.url ?? null;
  const social: Record<string, string> = { source: 'openstreetmap', osm: `${element.type}/${element.id}` };
  if (address) social.address = address;
  if (t.opening_hours) social.opening_hours = t.opening_hours;
  return {
    key: `osm:${element.type}/${element.id}`,
    name: t.name!,
    company: t.name!,
    job_title: null,
    department: null,
    seniority: null,
    management_level: null,
    website,
    city: t['addr:city'] ?? area.city,
    country: t['addr:country'] ?? area.country,
    category: placeTypeOf(t, categories),
    employee_count: null,
    linkedin_url: null,
    email: t.email ?? t['contact:email'] ?? null,
    email_outcome: t.email || t['contact:email'] ? 'found' : 'not_found',
    phone: normalisePhone(t.phone ?? t['contact:phone'] ?? t['contact:mobile'], t['addr:country'] ?? area.countryCode),
    social,
  };
}

/** Looks up a local or company record's email through the finder when the source gave none. */
export async function withEmail(record: LeadRecord, finder: EmailFinder | null): Promise<LeadRecord> {
  // Listed with the place (an OSM email tag): the listing is the source.
  if (record.email)
    return record.email_source
      ? record
      : {
          ...record,
          email_source: vendorEmailSource(record.key.startsWith('osm:') ? 'osm' : 'listing', null, 'listing'),
        };
  const domain = domainOf(record.website);
  if (!finder || !domain) return record;
  const found = await finder.find({ domain, company: record.company });
  if (!found) return record;
  return {
    ...record,
    email: found.email,
    email_outcome: found.outcome,
    email_source: vendorEmailSource(found.source, found.source_url, found.source === 'site' ? 'text' : 'vendor'),
  };
}

/** Email look-ups running at once for one search (each may crawl a site for seconds). */
export const EMAIL_LOOKUP_CONCURRENCY = 6;

/**
 * The records with their emails looked up, in the same order, a few look-ups ahead at once: a
 * batch of places whose sites are crawled one after the other would take minutes. A record whose
 * look-up is done is handed on at once, even while the source is still reading the next ones (a
 * slow Overpass cell does not hold back places already found). `limit` (the records the caller will
 * take) keeps look-ups, which vendors bill, from running past it.
 */
export async function* withEmailsAhead(
  records: AsyncIterable<LeadRecord>,
  finder: EmailFinder | null,
  limit = Infinity,
  concurrency = EMAIL_LOOKUP_CONCURRENCY,
): AsyncIterable<LeadRecord> {
  if (!finder) {
    yield* records;
    return;
  }
  const source = records[Symbol.asyncIterator]();
  const ahead: Promise<LeadRecord>[] = [];
  let started = 0;
  let sourceDone = false;
  let next: Promise<IteratorResult<LeadRecord>> | null = null;
  const begin = (record: LeadRecord) => {
    started += 1;
    const lookup = withEmail(record, finder);
    lookup.catch(() => undefined);
    ahead.push(lookup);
  };
  try {
    for (;;) {
      const canRead = !sourceDone && started < limit && ahead.length < concurrency;
      if (!canRead) {
        if (!ahead.length) return;
        yield await ahead.shift()!;
        continue;
      }
      next ??= source.next();
      // The source's next record, or the oldest look-up if it finishes first.
      const first = ahead.length
        ? await Promise.race([next.then((r) => ({ read: r })), ahead[0]!.then(() => null)])
        : { read: await next };
      if (!first) {
        yield await ahead.shift()!;
        continue;
      }
      next = null;
      if (first.read.done) sourceDone = true;
      else begin(first.read.value);
    }
  } finally {
    // Stopped early (the caller has enough): the source stops reading too.
    if (!sourceDone) {
      next?.catch(() => undefined);
      // Not awaited: a source waiting on a slow answer closes once that answer is in.
      source.return?.()?.catch(() => undefined);
    }
  }
}

export function osmLocalSearch(deps: SourceDeps, config: OsmConfig, finder: EmailFinder | null) {
  return (query: LeadQuery, options: { offset: number; limit?: number }): AsyncIterable<LeadRecord> =>
    withEmailsAhead(places(query, options), finder, options.limit);

  async function* places(query: LeadQuery, { offset }: { offset: number }): AsyncIterable<LeadRecord> {
    const categories = Array.isArray(query.filters.categories) ? (query.filters.categories as string[]) : [];
    if (!categories.length) return;
    const area = await geocode(deps, config, query.location);
    if (!area) return;
    let skipped = 0;
    for (const cell of gridCells(area, config.cellDegrees, config.maxCellsPerSide)) {
      const places = await placesIn(deps, config, categories, cell, area);
      if (skipped + places.length <= offset) {
        skipped += places.length;
        continue;
      }
      for (const element of places.slice(Math.max(0, offset - skipped))) {
        yield osmRecord(element, categories, area);
      }
      skipped += places.length;
    }
  }
}

function withSlash(base: string): string {
  return base.endsWith('/') ? base : `${base}/`;
}
