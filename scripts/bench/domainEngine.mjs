#!/usr/bin/env node
// The domain engine on a 50-page site served on loopback: pages per second and seconds to finish,
// for 1, 2 and 4 parallel requests (issue 23's bench; part of `npm run bench`, or alone with
// BENCH_ONLY=leads). Uses the built API:
//   npm run build -w @leadsmith/api && node scripts/bench/domainEngine.mjs
//   BENCH_PAGE_KB=17 (text per page), BENCH_DOMAIN_RUNS=3 (median of runs per setting)
import { createRequire } from 'node:module';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DOMAIN_BENCH_PAGES = 50;

function site() {
  const sentence = 'Our team plans, builds and runs websites for local clinics. ';
  const filler = `<p>${sentence.repeat(Math.round((Number(process.env.BENCH_PAGE_KB ?? 17) * 1024) / sentence.length))}</p>`;
  const pages = {
    '/': `<html><head><title>Home</title></head><body>${Array.from({ length: DOMAIN_BENCH_PAGES - 1 }, (_, i) => `<a href="/p${i + 1}">P${i + 1}</a>`).join(' ')}${filler}</body></html>`,
  };
  for (let i = 1; i < DOMAIN_BENCH_PAGES; i++) {
    pages[`/p${i}`] =
      `<html><head><title>P${i}</title></head><body><div class="team-member"><h3>Person Number${String.fromCharCode(65 + (i % 26))}</h3><p class="role">Role ${i}</p></div><p>Mail: staff${i}@bench.test</p>${filler}</body></html>`;
  }
  return http.createServer((req, res) => {
    const body = pages[req.url];
    if (!body) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
}

/** Crawls the site `runs` times per setting; one row per number of parallel requests (medians). */
export async function measureDomainEngine({ runs = Number(process.env.BENCH_DOMAIN_RUNS ?? 3) } = {}) {
  process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
  const { findEmailsForDomain, dnsResolver } = require(path.join(ROOT, 'api/dist/providers/leads/domain'));
  const server = site();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = server.address().port;
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const rows = [];
  try {
    for (const concurrency of [1, 2, 4]) {
      const config = {
        limits: { maxDepth: 2, maxPages: DOMAIN_BENCH_PAGES, maxBytes: 1_048_576, timeoutMs: 120_000, concurrency },
        network: { ports: { http: port, https: 1 } },
        resolver: dnsResolver([], 500),
      };
      const times = [];
      let pages = 0;
      for (let run = 0; run < runs; run++) {
        const started = process.hrtime.bigint();
        const findings = await findEmailsForDomain('127.0.0.1', {}, config);
        times.push(Number(process.hrtime.bigint() - started) / 1e9);
        pages = findings.pagesCrawled.length;
      }
      const seconds = median(times);
      rows.push({ concurrency, pages, seconds, pagesPerSecond: pages / seconds });
    }
  } finally {
    server.close();
  }
  return { runs, rows };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { rows } = await measureDomainEngine();
  console.log('| parallel requests | pages | seconds (median) | pages/s |');
  console.log('| --- | --- | --- | --- |');
  for (const r of rows)
    console.log(`| ${r.concurrency} | ${r.pages} | ${r.seconds.toFixed(2)} | ${r.pagesPerSecond.toFixed(1)} |`);
  process.exit(0);
}
