#!/usr/bin/env node
// Where the time of one results-list interaction goes (ADR 061, issue 30's INP goal): the bench's resultsList
// journey (the customer's big list scrolled until 1,000 rows are in, 4× CPU throttling), with a CPU profile and a
// Chrome trace around each of its two clicks (a row's checkbox, "Select all on this page"). Prints, per click, the
// Event Timing entries (input delay, handlers, until the paint), the CSS rules the page added meanwhile (each makes
// Chrome restyle the document), the main thread's tasks from the input to the paint (with how many elements a
// restyle and a layout covered), the self time by trace event, the script self time by source file (through the
// builds' source maps) and the costliest functions; BENCH_PROFILE_INVALIDATIONS=1 adds why elements were restyled
// and laid out again (the trace's invalidation tracking).
// Uses the builds on disk (turbo build; `npm run build:monolith` for BENCH_PROFILE_BUILD=monolith):
//   npm run bench:profile-list   (BENCH_PROFILE_PORT=8196, BENCH_PROFILE_TOP=25, BENCH_PROFILE_ROWS=1000,
//   BENCH_PROFILE_BUILD=monolith). The profiler slows the page: its durations run above the bench's; compare shares.
/* global window, document, requestAnimationFrame, CSSStyleSheet */
import path from 'node:path';
import { chromium } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import { CPU_THROTTLE, RESULTS_LIST_ROWS } from './browser.mjs';
import { ROOT, startServer } from './launch.mjs';

const PORT = Number(process.env.BENCH_PROFILE_PORT ?? 8196);
const TOP = Number(process.env.BENCH_PROFILE_TOP ?? 25);
const ROWS = Number(process.env.BENCH_PROFILE_ROWS ?? RESULTS_LIST_ROWS);
const MONOLITH = process.env.BENCH_PROFILE_BUILD === 'monolith';
const CUSTOMER = { email: 'customer@leadsmith.test', password: 'leadsmith-customer' };

async function signIn(base) {
  const response = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(CUSTOMER),
  });
  const body = await response.json();
  if (!response.ok || !body.token) throw new Error(`sign-in failed: ${response.status}`);
  return body.token;
}

/** Source maps by script URL, fetched from the server beside their scripts (null: none). */
const maps = new Map();
async function mapOf(url) {
  if (!url.startsWith('http') || !url.endsWith('.js')) return null;
  if (!maps.has(url)) {
    const response = await fetch(`${url}.map`).catch(() => null);
    maps.set(url, response?.ok ? new SourceMapConsumer(await response.json()) : null);
  }
  return maps.get(url);
}

/** A source path as a short name: the package of a node_modules file, the repo path of the project's own. */
function shortSource(source) {
  const clean = source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');
  const nm = clean.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = clean.slice(nm + 'node_modules/'.length).split('/');
    return `${rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]} (${rest.at(-1)})`;
  }
  return clean;
}

/** Self and total time (ms) per original function and self time per source file, from a CPU profile. */
async function summariseProfile(profile, from, to) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at >= from && at <= to) self.set(id, (self.get(id) ?? 0) + delta / 1000);
  });
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const where = new Map();
  const whereOf = async (n) => {
    if (where.has(n.id)) return where.get(n.id);
    const { functionName, url, lineNumber, columnNumber } = n.callFrame;
    let label = functionName || '(anonymous)';
    let file = url ? path.basename(url) : `(${functionName || 'native'})`;
    const map = await mapOf(url);
    if (map && lineNumber >= 0) {
      const pos = map.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
      if (pos.source) {
        file = shortSource(pos.source);
        label = `${pos.name ?? functionName ?? '(anonymous)'} ${file}:${pos.line}`;
      }
    }
    const out = { label, file };
    where.set(n.id, out);
    return out;
  };
  const selfByFunction = new Map();
  const selfByFile = new Map();
  const totalByFunction = new Map();
  for (const n of profile.nodes) {
    const ms = self.get(n.id) ?? 0;
    if (!ms) continue;
    const { label, file } = await whereOf(n);
    selfByFunction.set(label, (selfByFunction.get(label) ?? 0) + ms);
    selfByFile.set(file, (selfByFile.get(file) ?? 0) + ms);
    // Total: every distinct function on the sample's stack (a recursive one once).
    const seen = new Set();
    for (let id = n.id; id !== undefined; id = parent.get(id)) {
      const l = (await whereOf(byId.get(id))).label;
      if (seen.has(l)) continue;
      seen.add(l);
      totalByFunction.set(l, (totalByFunction.get(l) ?? 0) + ms);
    }
  }
  return { selfByFunction, selfByFile, totalByFunction };
}

/**
 * The page's main thread between `from` and `to` (trace µs): its tasks overlapping that time (start relative to
 * `from`, length, their busiest parts) and the self time per trace event name over those tasks.
 */
function summariseTrace(events, from, to) {
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const onMain = events
    .filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const self = new Map();
  const tasks = [];
  const stack = [];
  for (const e of onMain) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
    const top = stack.at(-1);
    const task = top ? top.task : { ts: e.ts, dur: e.dur, parts: new Map() };
    if (!top) {
      if (e.ts + e.dur < from || e.ts > to) continue;
      tasks.push(task);
    }
    if (!tasks.includes(task)) continue;
    const name = e.name === 'EventDispatch' ? `EventDispatch ${e.args?.data?.type}` : e.name;
    // How much a style recalculation or a layout covered: the elements restyled, the objects laid out.
    if (e.name === 'UpdateLayoutTree' && e.args?.elementCount)
      task.parts.set(`(${e.args.elementCount} elements restyled)`, 1e9);
    if (e.name === 'Layout' && e.args?.beginData)
      task.parts.set(`(${e.args.beginData.dirtyObjects} of ${e.args.beginData.totalObjects} objects to lay out)`, 1e9);
    if (top) {
      self.set(top.label, (self.get(top.label) ?? 0) - e.dur / 1000);
      task.parts.set(top.label, (task.parts.get(top.label) ?? 0) - e.dur / 1000);
    }
    self.set(name, (self.get(name) ?? 0) + e.dur / 1000);
    task.parts.set(name, (task.parts.get(name) ?? 0) + e.dur / 1000);
    stack.push({ ...e, label: name, task });
  }
  const lines = tasks
    .filter((t) => t.dur >= 2000)
    .map(
      (t) =>
        `  +${((t.ts - from) / 1000).toFixed(0).padStart(5)} ms  ${(t.dur / 1000).toFixed(1).padStart(7)} ms  ` +
        [...t.parts.entries()]
          .filter(([, ms]) => ms >= 1)
          .sort((a, b) => b[1] - a[1])
          .slice(0, 8)
          .map(([n, ms]) => (ms === 1e9 ? n : `${n} ${ms.toFixed(0)}`))
          .join(', '),
    );
  return { self, tasks: lines.join('\n') };
}

const table = (map, n = TOP) =>
  [...map.entries()]
    .filter(([, ms]) => ms >= 0.5)
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, ms]) => `  ${ms.toFixed(1).padStart(8)} ms  ${name}`)
    .join('\n');

async function main() {
  const server = await startServer(PORT, {
    BENCH_RESULTS: '1200',
    ...(MONOLITH ? { WEB_ROOT: path.join(ROOT, 'monolith/dist') } : {}),
  });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const token = await signIn(server.base);
    const context = await browser.newContext();
    await context.addInitScript(
      ({ t }) => {
        localStorage.setItem('access_token', t);
        localStorage.setItem('lang', 'en');
        window.__events = [];
        // The CSS rules inserted while a click is measured (a runtime style inserted then restyles the document).
        window.__rules = [];
        const insertRule = CSSStyleSheet.prototype.insertRule;
        CSSStyleSheet.prototype.insertRule = function (rule, index) {
          window.__rules.push(rule);
          return insertRule.call(this, rule, index);
        };
        new PerformanceObserver((list) =>
          list.getEntries().forEach((e) =>
            window.__events.push({
              name: e.name,
              duration: e.duration,
              startTime: e.startTime,
              processingStart: e.processingStart,
              processingEnd: e.processingEnd,
            }),
          ),
        ).observe({ type: 'event', buffered: true, durationThreshold: 16 });
      },
      { t: token },
    );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    await page.goto(`${server.base}/lead-search/saved-lists/people-${server.bigListId}`, { waitUntil: 'commit' });
    await page.getByTestId('result-row').first().waitFor({ timeout: 60_000 });
    const scrollStart = Date.now();
    await page.evaluate(async (want) => {
      const frame = document.querySelector('table[aria-label="Results"]').parentElement;
      const loaded = () => Number(document.querySelector('[data-testid="list-end"]')?.getAttribute('data-shown') ?? 0);
      while (loaded() < want) {
        frame.scrollTop = frame.scrollHeight;
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
    }, ROWS);
    console.log(
      `${ROWS} rows loaded in ${((Date.now() - scrollStart) / 1000).toFixed(0)} s (${MONOLITH ? 'monolith' : 'federated'} build, ${CPU_THROTTLE}× CPU throttling)`,
    );
    const settle = () =>
      page.evaluate(
        () =>
          new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))),
      );
    await settle();
    const drawn = await page.getByTestId('result-row').count();

    const profiled = async (name, locator) => {
      await locator.waitFor();
      const before = await page.evaluate(() => window.__events.length);
      const rulesBefore = await page.evaluate(() => window.__rules.length);
      const trace = [];
      const onData = ({ value }) => trace.push(...value);
      cdp.on('Tracing.dataCollected', onData);
      const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Tracing.start', {
        categories: `devtools.timeline,blink.user_timing${process.env.BENCH_PROFILE_INVALIDATIONS ? ',disabled-by-default-devtools.timeline.invalidationTracking' : ''}`,
        transferMode: 'ReportEvents',
      });
      await cdp.send('Profiler.start');
      // A mark ties the page's clock (performance.now) to the trace's.
      const markAt = await page.evaluate(() => {
        performance.mark('profile-origin');
        return performance.now();
      });
      await locator.click();
      await settle();
      const { profile } = await cdp.send('Profiler.stop');
      await cdp.send('Tracing.end');
      await complete;
      cdp.off('Tracing.dataCollected', onData);
      const mark = trace.find((e) => e.name === 'profile-origin');
      const toTrace = (ms) => mark.ts + (ms - markAt) * 1000;
      const events = (await page.evaluate(() => window.__events)).slice(before);
      const timed = events.filter((e) => ['pointerdown', 'pointerup', 'click'].includes(e.name));
      if (!timed.length) throw new Error(`${name}: no event timing entry`);
      const start = Math.min(...timed.map((e) => e.startTime));
      const end = Math.max(...timed.map((e) => e.startTime + e.duration));
      const from = toTrace(start);
      const to = toTrace(end);
      const { self, tasks } = summariseTrace(trace, from, to);
      const rules = (await page.evaluate(() => window.__rules)).slice(rulesBefore);
      if (process.env.BENCH_PROFILE_INVALIDATIONS) {
        const reasons = new Map();
        for (const e of trace)
          if (e.ts >= from && e.ts <= to && /Invalidat/.test(e.name)) {
            const d = e.args?.data ?? {};
            const key = `${e.name}: ${d.reason ?? ''} ${d.invalidatedSelectorId ?? ''} ${d.changedClass ?? d.changedAttribute ?? d.changedPseudo ?? d.changedId ?? ''} ${d.nodeName ?? ''}`;
            reasons.set(key, (reasons.get(key) ?? 0) + 1);
          }
        console.log(
          `invalidations:\n${[...reasons.entries()]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 25)
            .map(([k, n]) => `  ${n}× ${k}`)
            .join('\n')}`,
        );
      }
      const { selfByFunction, selfByFile, totalByFunction } = await summariseProfile(profile, from, to);
      console.log(`\n## ${name}: ${(end - start).toFixed(0)} ms from the input to the next paint`);
      for (const e of timed)
        console.log(
          `  ${e.name}: duration ${e.duration}, input delay ${(e.processingStart - e.startTime).toFixed(1)}, ` +
            `handlers ${(e.processingEnd - e.processingStart).toFixed(1)}, ` +
            `until paint ${(e.startTime + e.duration - e.processingEnd).toFixed(1)} (at +${(e.startTime - start).toFixed(1)})`,
        );
      console.log(
        `${rules.length} CSS rules inserted${
          rules.length
            ? `, the first: ${rules
                .slice(0, 3)
                .map((r) => r.slice(0, 160))
                .join(' | ')}`
            : ''
        }`,
      );
      console.log(`main-thread tasks in that time (start, length, busiest parts in ms):\n${tasks}`);
      console.log(`self time by trace event over those tasks:\n${table(self, 15)}`);
      console.log(`script self time by source (samples in that time):\n${table(selfByFile)}`);
      console.log(`functions by self time:\n${table(selfByFunction)}`);
      console.log(`functions by total time:\n${table(totalByFunction, TOP * 2)}`);
    };
    console.log(`${drawn} rows drawn`);
    await profiled(
      'row checkbox',
      page
        .getByTestId('result-row')
        .nth(Math.floor(drawn / 2))
        .getByRole('checkbox'),
    );
    await profiled('select all on this page', page.getByRole('checkbox', { name: 'Select all on this page' }));
    await context.close();
  } finally {
    await browser.close();
    server.child.kill('SIGTERM');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
