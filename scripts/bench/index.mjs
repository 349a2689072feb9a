#!/usr/bin/env node
// npm run bench — the cost of federation, first load, area switches and the API under load,
// measured side by side on this machine. Prints a markdown table and writes bench/results.md.
//
//   BENCH_SKIP_BUILD=1   use the builds already on disk (otherwise: turbo build + build:monolith)
//   BENCH_RUNS=5         counted visits per account and build (medians; one warm-up visit first)
//   BENCH_RESULTS=100000 rows in the big list;  BENCH_API_SECONDS=10 load duration
//   BENCH_PORT=8191      the federated build's server port; the monolith's and the API run's take the next two
//   BENCH_LATENCY_MS=0, BENCH_MBPS=0  emulate a network for the pages (0: loopback as it is; the goals
//                        are stated for loopback)
//   BENCH_ONLY=frontend  only the browser figures (federated vs monolith, entitlement-scoped loading, where the JS
//                        goes, the front-end goals): builds both (unless BENCH_SKIP_BUILD) and replaces those sections
//                        in bench/results.md, leaving the API, lead-source and PostgreSQL sections as they were
//   BENCH_ONLY=leads     only the lead-source section (domain engine, local search of 100 places): builds
//                        the API alone and writes bench/results-leads.md (about a minute)
//   PostgreSQL section (scripts/bench/postgres.mjs; PostgreSQL 15 through scripts/postgres.sh):
//   BENCH_ONLY=postgres  run only that section (builds the API when api/dist is missing) and replace it in
//                        bench/results.md, leaving the rest as it was (a few minutes)
//   BENCH_POSTGRES=0     leave it out;  BENCH_PG_RESULTS=1000000 rows of its list;  BENCH_PG_SECONDS=5 per load
//   BENCH_PG_PORT=8194   its server's port;  BENCH_PG_API_PORT=8195 its API processes' (and the next);  BENCH_PG_KEEP=1
//                        leave the server running
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { ACCOUNTS, measureBuilds, measureListPage } from './browser.mjs';
import { measureApi, signIn } from './apiLoad.mjs';
import {
  report,
  reportFrontend,
  reportPostgres,
  withPostgresSection,
  withFrontendSection,
  leadSourceGoals,
  leadSourceLines,
} from './report.mjs';
import { breakdown } from './chunks.mjs';
import { measureDomainEngine } from './domainEngine.mjs';
import { measureLocalSearch } from './localSearch.mjs';
import { ROOT, startServer } from './launch.mjs';
import { measurePostgres } from './postgres.mjs';

const ONLY_POSTGRES = process.env.BENCH_ONLY === 'postgres';
const WITH_POSTGRES = process.env.BENCH_POSTGRES !== '0';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** BENCH_PORT=8191: the federated build's server; the monolith's and the API run's take the next two. */
const PORT = Number(process.env.BENCH_PORT ?? 8191);
const PORTS = { federated: PORT, monolith: PORT + 1, api: PORT + 2 };
const AREAS = [
  { remote: 'mfe-settings', module: null, path: '/settings/business-profile', heading: 'Business profile' },
  { remote: 'mfe-ai', module: 'ai_suggest', path: '/ai/training', heading: 'AI training' },
  { remote: 'mfe-lead-search', module: 'leads', path: '/lead-search/new-search', heading: 'New search' },
  { remote: 'mfe-whitelabel', module: 'whitelabel', path: '/whitelabel/business-account', heading: 'Business account' },
  { remote: 'mfe-admin', module: 'admin', path: '/admin/dashboard', heading: 'Dashboard' },
];

/** JS (transferred, compressed) of each remote when its area is first opened, measured as the super admin. */
async function remoteBytes(base) {
  const token = await signIn(base, 'admin@leadsmith.test', 'leadsmith-admin');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext();
    await context.addInitScript((t) => localStorage.setItem('access_token', t), token);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const urls = new Map();
    const bytes = {};
    cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, { url: e.response.url, type: e.type }));
    cdp.on('Network.loadingFinished', (e) => {
      const r = urls.get(e.requestId);
      const remote = r && r.type === 'Script' ? /\/remotes\/(mfe-[a-z-]+)\//.exec(r.url)?.[1] : undefined;
      if (remote) bytes[remote] = (bytes[remote] ?? 0) + e.encodedDataLength / 1024;
    });
    for (const area of AREAS) {
      await page.goto(`${base}${area.path}`);
      await page
        .getByTestId('area-outlet')
        .getByRole('heading', { level: 1, name: area.heading })
        .waitFor({ timeout: 60_000 });
    }
    await context.close();
    return bytes;
  } finally {
    await browser.close();
  }
}

async function modulesOf(base, account) {
  const token = await signIn(base, account.email, account.password);
  const me = await (await fetch(`${base}/api/me`, { headers: { authorization: `Bearer ${token}` } })).json();
  return new Set((me.modules ?? me.user?.modules ?? []).map((m) => m.slug));
}

/** Issue 23's figures, in this process against the built API (api/dist). */
async function measureLeadSources() {
  console.error('bench: domain engine…');
  const domain = await measureDomainEngine();
  console.error('bench: local search of 100 places…');
  const local = await measureLocalSearch();
  return { domain, local };
}

async function leadsOnly() {
  if (!process.env.BENCH_SKIP_BUILD) execSync('npm run build -w @leadsmith/api', { cwd: ROOT, stdio: 'inherit' });
  const started = Date.now();
  const leads = await measureLeadSources();
  const table = [
    '# Leadsmith benchmark: lead sources',
    ...leadSourceLines(leads),
    '',
    '## Goals',
    '',
    '| goal | figure | status |',
    '| --- | --- | --- |',
    ...leadSourceGoals(leads),
    '',
    `Measured ${new Date().toISOString()} on ${process.platform} ${process.arch}, Node ${process.version}, in ${Math.round((Date.now() - started) / 1000)} s.`,
  ].join('\n');
  console.log(table);
  mkdirSync(path.join(ROOT, 'bench'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench/results-leads.md'), `${table}\n`);
}

/** BENCH_ONLY=postgres: the PostgreSQL section alone, written into the existing bench/results.md. */
async function postgresOnly() {
  if (!existsSync(path.join(ROOT, 'api/dist/index.js')))
    execSync('npm run build -w @leadsmith/api', { cwd: ROOT, stdio: 'inherit' });
  const section = reportPostgres(await measurePostgres());
  console.log(section);
  const file = path.join(ROOT, 'bench/results.md');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    withPostgresSection(existsSync(file) ? readFileSync(file, 'utf8') : '# Leadsmith benchmark\n', section),
  );
}

function buildFrontends() {
  if (process.env.BENCH_SKIP_BUILD) return;
  execSync('npx turbo run build --output-logs=errors-only', { cwd: ROOT, stdio: 'inherit' });
  execSync('npm run build:monolith', { cwd: ROOT, stdio: 'inherit' });
}

/**
 * The browser figures: both builds served side by side, their visits in turn. Each account's median
 * visit is broken down by chunk and package (scripts/bench/chunks.mjs) from the builds on disk.
 */
async function measureFrontend(servers) {
  const loadAverage = { start: os.loadavg()[0] };
  // The big list holds more rows than the results list figure loads by scrolling (RESULTS_LIST_ROWS): its end is
  // not reached.
  const federated = await startServer(PORTS.federated, { BENCH_RESULTS: '1200' });
  servers.push(federated);
  const monolith = await startServer(PORTS.monolith, {
    BENCH_RESULTS: '1200',
    WEB_ROOT: path.join(ROOT, 'monolith/dist'),
  });
  servers.push(monolith);

  console.error('bench: remote sizes…');
  const perRemote = await remoteBytes(federated.base);
  const savings = {};
  for (const account of ACCOUNTS) {
    const modules = await modulesOf(federated.base, account);
    savings[account.name] = AREAS.filter((a) => a.module && !modules.has(a.module)).reduce(
      (sum, a) => sum + (perRemote[a.remote] ?? 0),
      0,
    );
  }
  console.error('bench: journeys, federated and monolith visits in turn…');
  const { federated: fed, monolith: mono } = await measureBuilds(
    { federated: federated.base, monolith: monolith.base },
    RUNS,
    { federated: federated.bigListId, monolith: monolith.bigListId },
  );
  for (const s of servers.splice(0)) s.child.kill('SIGTERM');
  const where = {};
  for (const account of Object.keys(fed)) {
    where[account] = {
      federated: breakdown(fed[account].scripts, ROOT, ROOT),
      monolith: breakdown(mono[account].scripts, path.join(ROOT, 'monolith/dist'), ROOT),
    };
  }
  loadAverage.end = os.loadavg()[0];
  return { fed, mono, perRemote, savings, where, loadAverage };
}

/** BENCH_ONLY=frontend: the browser sections alone, written into the existing bench/results.md. */
async function frontendOnly() {
  buildFrontends();
  const started = Date.now();
  const servers = [];
  try {
    const frontend = await measureFrontend(servers);
    const section = reportFrontend({ runs: RUNS, ...frontend, seconds: (Date.now() - started) / 1000 });
    console.log(section);
    const file = path.join(ROOT, 'bench/results.md');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, withFrontendSection(existsSync(file) ? readFileSync(file, 'utf8') : '', section));
  } finally {
    for (const s of servers) s.child.kill('SIGTERM');
  }
}

async function main() {
  if (process.env.BENCH_ONLY === 'leads') return leadsOnly();
  if (ONLY_POSTGRES) return postgresOnly();
  if (process.env.BENCH_ONLY === 'frontend') return frontendOnly();
  if (process.env.BENCH_ONLY)
    throw new Error(
      `BENCH_ONLY=${process.env.BENCH_ONLY}: the sections that run alone are "frontend", "leads" and "postgres"`,
    );
  buildFrontends();
  const started = Date.now();
  const servers = [];
  try {
    const frontend = await measureFrontend(servers);

    console.error('bench: API under load…');
    const apiServer = await startServer(PORTS.api);
    servers.push(apiServer);
    console.error('bench: the 100k list page…');
    const listPage = await measureListPage(apiServer.base, apiServer.bigListId, RUNS);
    const api = await measureApi(apiServer.base, apiServer.child.pid, apiServer.bigListId);
    for (const s of servers.splice(0)) s.child.kill('SIGTERM');
    const leads = await measureLeadSources();

    const postgres = WITH_POSTGRES ? reportPostgres(await measurePostgres()) : null;
    const front = reportFrontend({ runs: RUNS, ...frontend, seconds: (Date.now() - started) / 1000 });
    const figures = report({
      front,
      api,
      listPage,
      results: Number(process.env.BENCH_RESULTS ?? 100_000),
      seconds: (Date.now() - started) / 1000,
      leads,
    });
    const table = postgres ? withPostgresSection(figures, postgres) : figures;
    console.log(table);
    mkdirSync(path.join(ROOT, 'bench'), { recursive: true });
    writeFileSync(path.join(ROOT, 'bench/results.md'), `${table}\n`);
  } finally {
    for (const s of servers) s.child.kill('SIGTERM');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
