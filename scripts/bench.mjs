#!/usr/bin/env node
// Benchmark: login → first area, per demo account, in headless Chromium with 4× CPU throttling.
// Prints a markdown table and writes it to bench/results.md. Medians over RUNS cold loads.
import { spawn, execSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.BENCH_PORT ?? 8191);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CPU_THROTTLE = 4;
const ACCOUNTS = [
  { name: 'customer', email: 'customer@leadsmith.test', password: 'leadsmith-customer' },
  { name: 'super admin', email: 'admin@leadsmith.test', password: 'leadsmith-admin' },
];
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

async function startApi() {
  const server = spawn(process.execPath, [path.join(ROOT, 'api/dist/server.js')], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: ':memory:', NODE_ENV: 'test', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return server;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  server.kill();
  throw new Error('API did not start within 60 s');
}

/** One cold journey: open /login, sign in, wait for the sidebar, then the area's first heading. */
async function journey(browser, account) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
  const requests = new Map();
  let sidebarShown = false;
  cdp.on('Network.responseReceived', (e) => requests.set(e.requestId, { type: e.type, url: e.response.url, bytes: 0, beforeSidebar: !sidebarShown }));
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });

  await page.goto(`${BASE}/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  const t0 = Date.now();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
  const sidebarMs = Date.now() - t0;
  sidebarShown = true;
  await page.getByTestId('area-outlet').getByRole('heading', { level: 1 }).waitFor();
  const contentMs = Date.now() - t0;

  // A returning user: token stored, cold cache, full page load to sidebar.
  const t1 = Date.now();
  await page.reload();
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
  const reloadSidebarMs = Date.now() - t1;

  const before = [...requests.values()].filter((r) => r.beforeSidebar);
  const js = before.filter((r) => r.type === 'Script');
  const remotes = new Set([...requests.values()].map((r) => /\/remotes\/(mfe-[a-z-]+)\//.exec(r.url)?.[1]).filter(Boolean));
  await context.close();
  return {
    jsKb: js.reduce((sum, r) => sum + r.bytes, 0) / 1024,
    requests: before.length,
    sidebarMs,
    contentMs,
    reloadSidebarMs,
    remotes: [...remotes].sort().join(', '),
  };
}

async function main() {
  if (!process.env.BENCH_SKIP_BUILD) execSync('npx turbo run build --output-logs=errors-only', { cwd: ROOT, stdio: 'inherit' });
  const server = await startApi();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const rows = [];
  try {
    for (const account of ACCOUNTS) {
      await journey(browser, account); // warm-up run, not counted
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await journey(browser, account));
      rows.push({
        account: account.name,
        jsKb: median(runs.map((r) => r.jsKb)),
        requests: median(runs.map((r) => r.requests)),
        sidebarMs: median(runs.map((r) => r.sidebarMs)),
        contentMs: median(runs.map((r) => r.contentMs)),
        reloadSidebarMs: median(runs.map((r) => r.reloadSidebarMs)),
        remotes: runs[0].remotes,
      });
    }
  } finally {
    await browser.close();
    server.kill();
  }
  const lines = [
    `## Login → first area (medians of ${RUNS} cold runs, Chromium, ${CPU_THROTTLE}× CPU throttling, loopback)`,
    '',
    '| account | JS before sidebar (KB, gzip) | requests before sidebar | sign-in → sidebar (ms) | sign-in → area heading (ms) | reload → sidebar (ms) | remotes fetched |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map((r) => `| ${r.account} | ${r.jsKb.toFixed(1)} | ${r.requests} | ${Math.round(r.sidebarMs)} | ${Math.round(r.contentMs)} | ${Math.round(r.reloadSidebarMs)} | ${r.remotes} |`),
    '',
    `Measured ${new Date().toISOString()} on ${process.platform} ${process.arch}, Node ${process.version}.`,
  ];
  const table = lines.join('\n');
  console.log(table);
  mkdirSync(path.join(ROOT, 'bench'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench/results.md'), `${table}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
