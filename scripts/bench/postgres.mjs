// The PostgreSQL section of the benchmark: a PostgreSQL 15 server of its own (scripts/postgres.sh, port
// BENCH_PG_PORT, data in .data/bench), a fresh database with one list of BENCH_PG_RESULTS results written by
// one INSERT … SELECT generate_series, and the built API on it (DATABASE_URL). Measures the list's first page
// and filtered first pages at 20 connections (each filter with each sort too), deep pages by keyset, the search box, the full CSV export, two
// web processes against one, bulk actions over every row, and the API's memory.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ROOT, startServer } from './launch.mjs';
import { processMemoryMb, signIn } from './apiLoad.mjs';

const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 8194);
const API_PORT = Number(process.env.BENCH_PG_API_PORT ?? 8195);
const API_PORTS = [API_PORT, API_PORT + 1];
const ROWS = Number(process.env.BENCH_PG_RESULTS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_PG_SECONDS ?? 5);
const CONNECTIONS = 20;
const SAMPLES = 60;
const DATABASE = 'leadsmith_bench';
// A server sized as one would for this machine (24 GB): the defaults (128 MB of shared buffers) are for a laptop.
const PG_ENV = {
  PG_PORT: String(PG_PORT),
  PG_DIR: '.data/bench',
  PG_OPTIONS: '-c shared_buffers=2GB -c maintenance_work_mem=512MB -c max_wal_size=4GB -c work_mem=16MB',
};

const pgScript = (command) =>
  execFileSync('bash', ['scripts/postgres.sh', command], {
    cwd: ROOT,
    env: { ...process.env, ...PG_ENV },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** A process's CPU time so far (user + system, seconds) and its parent, from /proc/<pid>/stat; null when it is gone. */
function procStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name: state (3), ppid (4), …, utime (14), stime (15).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS };
  } catch {
    return null;
  }
}

/** The bench's PostgreSQL server: its postmaster and every backend it forked. */
function postgresPids() {
  const postmaster = Number(
    readFileSync(path.join(ROOT, PG_ENV.PG_DIR, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  const children = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d) && procStat(d)?.ppid === postmaster)
    .map(Number);
  return [postmaster, ...children];
}

/** The whole machine's busy CPU time so far (seconds, all cores), from /proc/stat. */
function machineBusy() {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return (user + nice + system + irq + softirq + steal) / CLOCK_TICKS;
}

/**
 * Where the CPU went while `run` ran: the API processes, the PostgreSQL server, this process (the load
 * generator), and everything else on the machine (other work sharing it); seconds of CPU, with the
 * wall time and the cores (the most CPU the run could have had is wall × cores).
 */
async function withCpu(apiPids, run) {
  const pgPids = postgresPids();
  const sum = (pids) => pids.reduce((total, pid) => total + (procStat(pid)?.cpu ?? 0), 0);
  const before = {
    api: apiPids.map((pid) => procStat(pid)?.cpu ?? 0),
    pg: sum(pgPids),
    self: process.cpuUsage(),
    machine: machineBusy(),
    at: performance.now(),
  };
  const result = await run();
  const api = apiPids.map((pid, i) => (procStat(pid)?.cpu ?? 0) - before.api[i]);
  const pgCpu = sum(postgresPids()) - before.pg;
  const self = process.cpuUsage(before.self);
  const generator = (self.user + self.system) / 1e6;
  const machine = machineBusy() - before.machine;
  const cpu = {
    wall: (performance.now() - before.at) / 1000,
    cores: os.cpus().length,
    api,
    postgres: pgCpu,
    generator,
    other: Math.max(0, machine - api.reduce((a, b) => a + b, 0) - pgCpu - generator),
  };
  return { ...result, cpu };
}

function percentile(sorted, p) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const summary = (latencies) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
    count: sorted.length,
  };
};

/** `bodies` in turn against one list endpoint per base, `connections` each, for `seconds`; exact percentiles of every answer. */
async function load(bases, token, listId, bodies, { connections = CONNECTIONS, seconds = SECONDS } = {}) {
  const latencies = [];
  let errors = 0;
  let next = 0;
  const runs = bases.map((base) => {
    const instance = autocannon({
      url: base,
      connections,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          path: `/api/people-results/${listId}`,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          setupRequest: (request) => ({ ...request, body: JSON.stringify(bodies[next++ % bodies.length]) }),
        },
      ],
    });
    instance.on('response', (_client, status, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (status >= 300) errors += 1;
    });
    return instance;
  });
  const results = await Promise.all(runs);
  return {
    ...summary(latencies),
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    errors: errors + results.reduce((sum, r) => sum + r.errors, 0),
  };
}

/** One request at a time, each body once (after one warm-up): what a single user waits. */
async function sequential(base, token, listId, bodies) {
  const call = async (body) => {
    const started = performance.now();
    const response = await fetch(`${base}/api/people-results/${listId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    if (!response.ok)
      throw new Error(`list ${JSON.stringify(body)} → ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
    return { ms: performance.now() - started, answer };
  };
  await call(bodies[0]);
  const latencies = [];
  let rows = 0;
  for (const body of bodies) {
    const { ms, answer } = await call(body);
    latencies.push(ms);
    rows += answer.data.length;
  }
  return { ...summary(latencies), rows };
}

/** A deterministic spread of numbers (the same requests on every run). */
const spread = (count, min, max) =>
  Array.from({ length: count }, (_, i) => min + Math.floor(((i * 7919) % count) * ((max - min) / count)));

/** The whole list as CSV, read as it streams; counts the lines and samples the API's memory meanwhile. */
async function exportAll(base, token, listId, pid) {
  const before = processMemoryMb(pid).rssMb;
  let maxRss = before;
  const sampler = setInterval(() => (maxRss = Math.max(maxRss, processMemoryMb(pid).rssMb)), 100);
  const started = performance.now();
  try {
    const response = await fetch(`${base}/api/people-results/${listId}/csv`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    if (!response.ok) throw new Error(`export → ${response.status}`);
    let newlines = 0;
    let bytes = 0;
    let bom = null;
    // The API's memory as each quarter of the rows arrives: flat if nothing is kept per row.
    const quarters = [];
    for await (const chunk of response.body) {
      if (bom === null) bom = chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf;
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) newlines += 1;
      if (newlines >= ((quarters.length + 1) * ROWS) / 4) quarters.push(processMemoryMb(pid).rssMb);
    }
    return {
      seconds: (performance.now() - started) / 1000,
      rows: newlines - 1,
      mb: bytes / 1024 / 1024,
      bom,
      rssBeforeMb: before,
      rssMaxMb: maxRss,
      quarters,
    };
  } finally {
    clearInterval(sampler);
  }
}

async function bulk(base, token, listId) {
  const timed = async (path, body) => {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(`${path} → ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
    return { ms: performance.now() - started, answer };
  };
  const label = await timed(`/api/people-results/${listId}/labels`, {
    all_matching: true,
    filters: {},
    add: ['Bench'],
  });
  const removed = await timed(`/api/people-results/${listId}/delete`, { all_matching: true, filters: {} });
  return { labelMs: label.ms, labelled: label.answer.updated, deleteMs: removed.ms, deleted: removed.answer.deleted };
}

const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);

/**
 * A CSV file of IMPORT_ROWS people: one row in five holds a contact of the big list (left out as a duplicate held in
 * another list), one in twenty repeats an earlier row of the file, the rest are new.
 */
function importCsv() {
  const lines = ['Full Name,E-mail,Company,Title,Web site'];
  for (let i = 1; i <= IMPORT_ROWS; i++) {
    if (i % 5 === 0) {
      const g = i * 4; // g % 4 = 0: the big list's row g has an email
      lines.push(
        `Person ${g},person${g}@company${g % 997}.example,Company ${g % 997},Role ${g % 31},https://company${g % 997}.example`,
      );
    } else {
      const n = i % 20 === 1 && i > 2 ? i - 2 : i; // row i - 2 is a new one (i - 2 ≡ 19 mod 20)
      lines.push(
        `Imported ${n},imported${n}@firm${n % 500}.example,Firm ${n % 500},Buyer,https://firm${n % 500}.example`,
      );
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * CSV import of IMPORT_ROWS rows into a new people list (duplicates held in other lists skipped): the upload (streamed
 * into staged rows), the queued import with its dedupe against the account's lists, and the new list's first page asked
 * one request after another while the import runs (what a user paging it meanwhile waits).
 */
async function importList(base, token) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const call = async (method, path, body, contentType) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { ...headers, ...(contentType ? { 'content-type': contentType } : {}) },
      ...(body === undefined ? {} : { body }),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
    return answer;
  };
  const listId = (await call('POST', '/api/campaigns', JSON.stringify({ name: 'Bench import', list_type: 'people' })))
    .campaign.id;
  const csv = importCsv();
  let started = performance.now();
  const uploaded = await call('POST', `/api/campaigns/${listId}/imports?file_name=bench.csv`, csv, 'text/csv');
  const uploadSeconds = (performance.now() - started) / 1000;
  const importId = uploaded.import.id;
  started = performance.now();
  await call(
    'POST',
    `/api/campaigns/${listId}/imports/${importId}/start`,
    JSON.stringify({ mapping: uploaded.suggested_mapping, duplicates: 'skip' }),
  );
  const pageMs = [];
  let figures;
  for (;;) {
    const asked = performance.now();
    await call('POST', `/api/people-results/${listId}`, JSON.stringify({ limit: 20, page: 1 }));
    pageMs.push(performance.now() - asked);
    figures = (await call('GET', `/api/campaigns/${listId}/imports/${importId}`)).import;
    if (figures.status === 'done' || figures.status === 'failed') break;
  }
  const importSeconds = (performance.now() - started) / 1000;
  return {
    rows: uploaded.import.total,
    mb: Buffer.byteLength(csv) / 1024 / 1024,
    uploadSeconds,
    importSeconds,
    status: figures.status,
    imported: figures.imported,
    duplicates: figures.duplicates,
    failed: figures.failed,
    page: summary(pageMs),
  };
}

async function freshDatabase(serverUrl) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

/** Runs the PostgreSQL section; answers its figures. Stops its PostgreSQL server unless BENCH_PG_KEEP=1. */
export async function measurePostgres() {
  const started = performance.now();
  const servers = [];
  const serverUrl = pgScript('start');
  try {
    const databaseUrl = await freshDatabase(serverUrl);
    const env = {
      DATABASE_URL: databaseUrl,
      BENCH_RESULTS: String(ROWS),
      BENCH_LIST_NAME: 'Bench 1M',
      PROCESS_ROLE: 'all',
    };
    console.error(`bench: PostgreSQL, seeding ${ROWS.toLocaleString('en')} results…`);
    const first = await startServer(API_PORTS[0], env, { timeoutMs: 900_000 });
    servers.push(first);
    const listId = first.bigListId;
    const token = await signIn(first.base, 'customer@leadsmith.test', 'leadsmith-customer');
    const idle = processMemoryMb(first.child.pid);

    // The list's rows were written by one statement: consecutive ids, so a page's keyset position is known.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    // The seeding's writes go to disk before the measures, not during them.
    await client.query('CHECKPOINT');
    const { min } = (
      await client.query('SELECT min(id)::bigint AS min FROM campaign_results WHERE campaign_id = $1', [listId])
    ).rows[0];
    await client.end();
    const firstId = Number(min);
    const pages = ROWS / 20;

    const loadAtStart = os.loadavg()[0];
    console.error('bench: PostgreSQL, first pages and filters at 20 connections…');
    // Warm-up: connections, prepared statements, the JIT of the API process.
    await load([first.base], token, listId, [{ limit: 20, page: 1 }], { seconds: 2 });
    const firstPage = await load([first.base], token, listId, [{ limit: 20, page: 1 }], { seconds: 2 * SECONDS });
    // The list page's filters (spec §3): email state, sent, a date range, advanced operators.
    const filters = [
      { withEmail: 1 },
      { withEmail: 0 },
      { sent: 1 },
      { startDate: '2020-01-01', endDate: '2100-01-01' },
      { withEmail: 2, advanced_custom_search: [{ field: 'city', operator: 'like', value: 'City 7' }] },
      { withEmail: 1, advanced_custom_search: [{ field: 'credits', operator: 'greater', value: 0 }] },
    ];
    const filtered = await load([first.base], token, listId, filters);
    // Filters seen for the first time (a total counted for the same filters is reused for 30 s): each body new.
    const fresh = await sequential(
      first.base,
      token,
      listId,
      Array.from({ length: 30 }, (_, i) => ({
        startDate: `2020-01-${String((i % 28) + 1).padStart(2, '0')}`,
        endDate: `2100-0${(i % 9) + 1}-01`,
        ...(i % 3 === 0
          ? { withEmail: 1 }
          : i % 3 === 1
            ? { sent: 1 }
            : { advanced_custom_search: [{ field: 'city', operator: 'like', value: `City ${i}` }] }),
      })),
    );
    console.error('bench: PostgreSQL, sorted first pages…');
    // Every filter above combined with every sort (issue 32): first pages at 20 connections, then each combination
    // once, one at a time (the first time a total is counted for it), then Next pages deep in the name order.
    const sortedBodies = ['newest', 'name', 'name_desc', 'company'].flatMap((sort) =>
      [{}, ...filters].map((filter) => ({ ...filter, sort })),
    );
    const sortedSingle = await sequential(first.base, token, listId, sortedBodies);
    const sorted = await load([first.base], token, listId, sortedBodies);
    const sortedDeep = await sequential(
      first.base,
      token,
      listId,
      spread(SAMPLES, 1, ROWS).map((n) => ({ sort: 'name', page: 2, after: firstId - 1 + n })),
    );
    console.error('bench: PostgreSQL, deep pages…');
    const deepPages = spread(SAMPLES, Math.floor(pages / 2), pages);
    const deepBodies = deepPages.map((page) => ({ limit: 20, page, after: firstId - 1 + (page - 1) * 20 }));
    const deep = await load([first.base], token, listId, deepBodies);
    const deepSingle = await sequential(first.base, token, listId, deepBodies);
    const backBodies = deepPages.map((page) => ({ limit: 20, page: page - 1, before: firstId + (page - 1) * 20 }));
    const back = await sequential(first.base, token, listId, backBodies);
    // A URL of a deep page without a position (typed by hand, or from before keyset pages) still works, by OFFSET.
    const offset = await sequential(first.base, token, listId, [
      { limit: 20, page: Math.floor(0.8 * pages) },
      { limit: 20, page: Math.floor(0.8 * pages) + 1 },
      { limit: 20, page: pages },
    ]);

    console.error('bench: PostgreSQL, search box…');
    const numbers = spread(SAMPLES, 10, 99_999);
    const search = {
      contain: await sequential(first.base, token, listId, [
        { search: 'Person 99', search_type: 'contain' },
        ...numbers.map((n) => ({ search: `erson ${n}`, search_type: 'contain' })),
      ]),
      exact: await sequential(
        first.base,
        token,
        listId,
        numbers.map((n) => ({ search: `person ${n * 10}`, search_type: 'exact' })),
      ),
      start: await sequential(
        first.base,
        token,
        listId,
        numbers.map((n) => ({ search: `Person ${n}`, search_type: 'start' })),
      ),
    };
    const searchLoad = await load(
      [first.base],
      token,
      listId,
      numbers.map((n) => ({ search: `Person ${n}`, search_type: ['contain', 'exact', 'start'][n % 3] })),
    );
    const afterLoad = processMemoryMb(first.child.pid);

    console.error('bench: PostgreSQL, full CSV export…');
    const exported = await exportAll(first.base, token, listId, first.child.pid);

    console.error('bench: PostgreSQL, two web processes against one…');
    const second = await startServer(API_PORTS[1], { ...env, BENCH_SEED: '0' });
    servers.push(second);
    const one = await withCpu([first.child.pid], () => load([first.base], token, listId, [{ limit: 20, page: 1 }]));
    const two = await withCpu([first.child.pid, second.child.pid], () =>
      load([first.base, second.base], token, listId, [{ limit: 20, page: 1 }]),
    );

    console.error(`bench: PostgreSQL, CSV import of ${IMPORT_ROWS.toLocaleString('en')} rows…`);
    const imported = await importList(first.base, token);

    console.error('bench: PostgreSQL, bulk actions over every row…');
    const bulkActions = await bulk(first.base, token, listId);
    const end = processMemoryMb(first.child.pid);
    return {
      rows: ROWS,
      seedSeconds: first.seedSeconds,
      firstPage,
      filtered,
      fresh,
      sorted,
      sortedSingle,
      sortedDeep,
      deep,
      deepSingle,
      back,
      offset,
      search,
      searchLoad,
      exported,
      processes: {
        one: one.rps,
        two: two.rps,
        oneErrors: one.errors,
        twoErrors: two.errors,
        oneCpu: one.cpu,
        twoCpu: two.cpu,
      },
      bulk: bulkActions,
      imported,
      memory: { idleMb: idle.rssMb, underLoadMb: afterLoad.rssMb, peakMb: end.peakMb },
      loadAverage: { start: loadAtStart, end: os.loadavg()[0] },
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(
      servers.map(
        (s) => new Promise((resolve) => (s.child.exitCode !== null ? resolve() : s.child.once('exit', resolve))),
      ),
    );
    if (process.env.BENCH_PG_KEEP !== '1') pgScript('stop');
  }
}
