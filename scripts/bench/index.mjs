#!/usr/bin/env node
// npm run bench — the cost of federation, first load, area switches and the API under load,
// measured side by side on this machine. Prints a markdown table and writes bench/results.md.
//
//   BENCH_SKIP_BUILD=1   use the builds already on disk (otherwise: turbo build + build:monolith)
//   BENCH_RUNS=5         counted visits per account and build (medians; one warm-up visit first)
//   BENCH_RESULTS=100000 rows in the big list;  BENCH_API_SECONDS=10 load duration
//   BENCH_LATENCY_MS=0, BENCH_MBPS=0  emulate a network for the pages (0: loopback as it is; the goals
//                        are stated for loopback)
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
import path from 'node:path';
import { chromium } from '@playwright/test';
import { ACCOUNTS, measureBuilds, measureListPage } from './browser.mjs';
import { measureApi, signIn } from './apiLoad.mjs';
import { report, reportPostgres, withPostgresSection, leadSourceGoals, leadSourceLines } from './report.mjs';
import { measureDomainEngine } from './domainEngine.mjs';
import { measureLocalSearch } from './localSearch.mjs';
import { ROOT, startServer } from './launch.mjs';
import { measurePostgres } from './postgres.mjs';

const ONLY_POSTGRES = process.env.BENCH_ONLY === 'postgres';
const WITH_POSTGRES = process.env.BENCH_POSTGRES !== '0';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORTS = { federated: 8191, monolith: 8192, api: 8193 };
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
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
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
      await page.getByTestId('area-outlet').getByRole('heading', { level: 1, name: area.heading }).waitFor({ timeout: 60_000 });
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
  if (!existsSync(path.join(ROOT, 'api/dist/index.js'))) execSync('npm run build -w @leadsmith/api', { cwd: ROOT, stdio: 'inherit' });
  const section = reportPostgres(await measurePostgres());
  console.log(section);
  const file = path.join(ROOT, 'bench/results.md');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, withPostgresSection(existsSync(file) ? readFileSync(file, 'utf8') : '# Leadsmith benchmark\n', section));
}

async function main() {
  if (process.env.BENCH_ONLY === 'leads') return leadsOnly();
  if (ONLY_POSTGRES) return postgresOnly();
  if (process.env.BENCH_ONLY) throw new Error(`BENCH_ONLY=${process.env.BENCH_ONLY}: the sections that run alone are "leads" and "postgres"`);
  if (!process.env.BENCH_SKIP_BUILD) {
    execSync('npx turbo run build --output-logs=errors-only', { cwd: ROOT, stdio: 'inherit' });
    execSync('npm run build:monolith', { cwd: ROOT, stdio: 'inherit' });
  }
  const started = Date.now();
  const servers = [];
  try {
    const federated = await startServer(PORTS.federated, { BENCH_RESULTS: '1000' });
    servers.push(federated);
    const monolith = await startServer(PORTS.monolith, { BENCH_RESULTS: '1000', WEB_ROOT: path.join(ROOT, 'monolith/dist') });
    servers.push(monolith);

    console.error('bench: remote sizes…');
    const perRemote = await remoteBytes(federated.base);
    const savings = {};
    for (const account of ACCOUNTS) {
      const modules = await modulesOf(federated.base, account);
      savings[account.name] = AREAS.filter((a) => a.module && !modules.has(a.module)).reduce((sum, a) => sum + (perRemote[a.remote] ?? 0), 0);
    }
    console.error('bench: journeys, federated and monolith visits in turn…');
    const { federated: fed, monolith: mono } = await measureBuilds({ federated: federated.base, monolith: monolith.base }, RUNS);
    for (const s of servers.splice(0)) s.child.kill('SIGTERM');

    console.error('bench: API under load…');
    const apiServer = await startServer(PORTS.api);
    servers.push(apiServer);
    console.error('bench: the 100k list page…');
    const listPage = await measureListPage(apiServer.base, apiServer.bigListId, RUNS);
    const api = await measureApi(apiServer.base, apiServer.child.pid, apiServer.bigListId);
    for (const s of servers.splice(0)) s.child.kill('SIGTERM');
    const leads = await measureLeadSources();

    const postgres = WITH_POSTGRES ? reportPostgres(await measurePostgres()) : null;
    const figures = report({ runs: RUNS, fed, mono, perRemote, savings, api, listPage, results: Number(process.env.BENCH_RESULTS ?? 100_000), seconds: (Date.now() - started) / 1000, leads });
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
