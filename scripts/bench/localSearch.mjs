#!/usr/bin/env node
// A local search of 100 places through the whole product path (issue 23's bench): the built API on an
// in-memory database, its job queue and worker, OpenStreetMap (loopback fakes of Nominatim and
// Overpass answering in their documented JSON) and the keyless domain engine crawling each place's
// website (100 small sites on loopback addresses 127.0.0.2–127.0.0.101) for its email. Measures the
// time from "Start search" to the first result in the list, to the first result with its email
// revealed, and to the end, once with the sites answering at once and once with each answer delayed
// (as real sites answer). Part of `npm run bench` (or alone: BENCH_ONLY=leads). Uses the built API:
//   npm run build -w @leadsmith/api && node scripts/bench/localSearch.mjs
//   BENCH_PLACES=100, BENCH_SITE_LATENCY_MS=200 (the delayed run's delay per answer)
import { createRequire } from 'node:module';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const PLACES = Number(process.env.BENCH_PLACES ?? 100);
export const SITE_LATENCY_MS = Number(process.env.BENCH_SITE_LATENCY_MS ?? 200);

function listen(server, host) {
  return new Promise((resolve) => server.listen(0, host, () => resolve(server.address().port)));
}

/** Nominatim (`/search`, jsonv2) and Overpass (`/api/interpreter`): one town, PLACES restaurants with a website each. */
async function startOsm() {
  const [south, north, west, east] = [41.14, 41.18, -8.64, -8.6];
  const elements = Array.from({ length: PLACES }, (_, i) => ({
    type: 'node',
    id: 9_000_000 + i,
    lat: south + ((i % 10) + 0.5) * ((north - south) / 10),
    lon: west + ((Math.floor(i / 10) % 10) + 0.5) * ((east - west) / 10),
    tags: {
      amenity: 'restaurant',
      name: `Bench Restaurant ${i + 1}`,
      'addr:city': 'Benchtown',
      phone: `+351 22 ${String(1_000_000 + i).slice(1)}`,
      website: `http://127.0.0.${i + 2}/`,
    },
  }));
  const server = http.createServer((req, res) => {
    const send = (body) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.url.startsWith('/search')) {
      return send([
        {
          place_id: 1,
          lat: '41.16',
          lon: '-8.62',
          display_name: 'Benchtown, Portugal',
          boundingbox: [String(south), String(north), String(west), String(east)],
          address: { city: 'Benchtown', country: 'Portugal', country_code: 'pt' },
        },
      ]);
    }
    if (req.url.startsWith('/api/interpreter')) {
      req.resume();
      return req.on('end', () =>
        send({
          version: 0.6,
          generator: 'Overpass API (bench)',
          osm3s: { copyright: 'The data included in this document is from www.openstreetmap.org.' },
          elements,
        }),
      );
    }
    res.writeHead(404).end();
  });
  const port = await listen(server, '127.0.0.1');
  return { server, base: `http://127.0.0.1:${port}` };
}

/** The places' websites: a home page linking a contact and an about page, the address on the contact page. */
async function startSites(latencyMs) {
  const server = http.createServer((req, res) => {
    const n = Number((req.headers.host ?? '').split(':')[0].split('.')[3]) - 1;
    const pages = {
      '/': `<html><head><title>Bench Restaurant ${n}</title><meta property="og:site_name" content="Bench Restaurant ${n}"></head><body><h1>Bench Restaurant ${n}</h1><p>Fresh food every day since 1990.</p><a href="/contact">Contact</a> <a href="/about">About</a></body></html>`,
      '/contact': `<html><body><h1>Contact</h1><p>Write to <a href="mailto:info@restaurant${n}.example">info@restaurant${n}.example</a> or call +351 22 000 ${String(n).padStart(4, '0')}.</p></body></html>`,
      '/about': `<html><body><h1>About us</h1><p>A family restaurant in Benchtown.</p></body></html>`,
    };
    const body = pages[req.url];
    setTimeout(
      () =>
        body ? res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body) : res.writeHead(404).end(),
      latencyMs,
    );
  });
  // Every loopback address: each place's site is its own host.
  const port = await listen(server, '0.0.0.0');
  return { server, port };
}

/** One app on an in-memory database; one search per site latency, each against fresh fakes and a fresh engine (no cache shared). */
export async function measureLocalSearch(latencies = [0, SITE_LATENCY_MS]) {
  process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.0/8';
  const { buildApp, loadConfig, openDb, migrate, seed } = require(path.join(ROOT, 'api/dist/index.js'));
  const { installLeadSources, loadLeadSourcesConfig } = require(path.join(ROOT, 'api/dist/providers/leads'));
  const { createDomainEngine, siteSources } = require(path.join(ROOT, 'api/dist/providers/leads/domain'));
  const { defaultSourceDeps } = require(path.join(ROOT, 'api/dist/providers/leads/sourceHttp'));
  const config = loadConfig(
    { ...process.env, DATA_DIR: ':memory:', NODE_ENV: 'test', LOG_LEVEL: 'warn', PROCESS_ROLE: 'all', SEED_DEMO: '1' },
    ROOT,
  );
  const db = await openDb(config);
  await migrate(db);
  await seed(db);
  const app = buildApp({ db, config });
  await app.ready();
  const call = async (method, url, token, payload) => {
    const res = await app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const runs = [];
  try {
    const { token } = await call('POST', '/auth/login', null, {
      email: 'customer@leadsmith.test',
      password: 'leadsmith-customer',
    });
    await db.query("UPDATE users SET search_limit = 100000, searches_used = 0 WHERE email = 'customer@leadsmith.test'");
    await db.query(
      "UPDATE credit_wallets SET monthly = monthly + 100000 WHERE user_id = (SELECT id FROM users WHERE email = 'customer@leadsmith.test')",
    );
    for (const latencyMs of latencies) {
      const osm = await startOsm();
      const sites = await startSites(latencyMs);
      // The engine's defaults (25 pages, depth 2, 2 requests at a time); MX answered in-process (no DNS server here).
      const engine = createDomainEngine({
        limits: { maxDepth: 2, maxPages: 25, maxBytes: 1_048_576, timeoutMs: 20_000, concurrency: 2 },
        network: { ports: { http: sites.port, https: 1 } },
        resolver: {
          resolve4: async () => [],
          resolve6: async () => [],
          resolveMx: async () => [{ exchange: 'mx.bench.example', priority: 10 }],
        },
      });
      const uninstall = installLeadSources(
        loadLeadSourcesConfig({
          NOMINATIM_URL: osm.base,
          OVERPASS_URL: `${osm.base}/api/interpreter`,
          LEAD_KEYLESS_SOURCES: 'site,osm',
          LEAD_EMAIL_WATERFALL: 'site',
        }),
        siteSources(engine),
        defaultSourceDeps(),
      );
      try {
        const list = (
          await call('POST', '/api/campaigns', token, {
            name: `Bench local search ${latencyMs} ms`,
            list_type: 'local',
          })
        ).campaign.id;
        const started = process.hrtime.bigint();
        const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
        const { job } = await call('POST', '/api/searches', token, {
          type: 'local',
          campaign_id: list,
          location: 'Benchtown',
          count: PLACES,
          filters: { categories: ['Restaurant'] },
        });
        let firstRow = null;
        let firstEmail = null;
        // Watches the list as the results page would (every 20 ms) until the job ends.
        for (;;) {
          const row = (
            await db.query(
              "SELECT count(*)::int AS rows, count(*) FILTER (WHERE email_status <> 'looking')::int AS revealed FROM campaign_results WHERE campaign_id = $1",
              [list],
            )
          ).rows[0];
          if (firstRow === null && row.rows > 0) firstRow = seconds();
          if (firstEmail === null && row.revealed > 0) firstEmail = seconds();
          if ((await db.query('SELECT status FROM search_jobs WHERE id = $1', [job.id])).rows[0].status !== 'running')
            break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        const end = seconds();
        const outcome = (
          await db.query(
            "SELECT count(*)::int AS rows, count(*) FILTER (WHERE email_status = 'found')::int AS found FROM campaign_results WHERE campaign_id = $1",
            [list],
          )
        ).rows[0];
        runs.push({
          latencyMs,
          places: outcome.rows,
          found: outcome.found,
          firstRowS: firstRow ?? end,
          firstEmailS: firstEmail ?? end,
          endS: end,
        });
      } finally {
        uninstall();
        osm.server.close();
        sites.server.close();
      }
    }
  } finally {
    await app.close();
    await db.close();
  }
  return runs;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(
    '| site answers after (ms) | places | with a found email | first result in the list (s) | first email revealed (s) | all done (s) |',
  );
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const r of await measureLocalSearch())
    console.log(
      `| ${r.latencyMs} | ${r.places} | ${r.found} | ${r.firstRowS.toFixed(2)} | ${r.firstEmailS.toFixed(2)} | ${r.endS.toFixed(2)} |`,
    );
  process.exit(0);
}
