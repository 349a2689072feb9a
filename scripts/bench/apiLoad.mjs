// API figures of the benchmark: the list endpoint under load (autocannon on loopback), a bulk
// action over every matching row, search-job throughput, and the API process's memory.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const CONNECTIONS = 20;
const DURATION_S = Number(process.env.BENCH_API_SECONDS ?? 10);

function percentile(sorted, p) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Resident and peak memory of a process (Linux /proc), in MB. */
export function processMemoryMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) / 1024;
  return { rssMb: field('VmRSS'), peakMb: field('VmHWM') };
}

async function call(base, token, method, path, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

export async function signIn(base, email, password) {
  const response = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return body.token;
}

/** First page of the 100k list at 20 connections for DURATION_S seconds; exact percentiles from every response. */
async function listLoad(base, token, listId) {
  const body = JSON.stringify({ limit: 20, page: 1 });
  const first = await call(base, token, 'POST', `/api/people-results/${listId}`, { limit: 20, page: 1 });
  const latencies = [];
  const instance = autocannon({
    url: `${base}/api/people-results/${listId}`,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    total: first.total,
    rows: first.data.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: result.requests.average,
    errors: result.errors + result.non2xx,
    requests: latencies.length,
  };
}

/**
 * Bulk actions over every row of the list (select all matching, no filter): a label added to all
 * of them, then all of them deleted. Each is one call, timed from request to answer.
 */
async function bulkActions(base, token, listId) {
  const timed = async (path, body) => {
    const started = performance.now();
    const answer = await call(base, token, 'POST', path, body);
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

/** One people search of `count` records, from start to done, through the real job worker. */
async function searchThroughput(base, token, count) {
  const created = await call(base, token, 'POST', '/api/campaigns', { name: 'Bench search', list_type: 'people' });
  const listId = created.campaign.id;
  const started = performance.now();
  const answer = await call(base, token, 'POST', '/api/searches', {
    type: 'people',
    campaign_id: listId,
    location: 'Austin, TX',
    count,
    filters: { job_title: 'Marketing Manager' },
  });
  let job = answer.job;
  while (job.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = await call(base, token, 'GET', `/api/searches/${job.id}`);
  }
  const seconds = (performance.now() - started) / 1000;
  return { produced: job.produced, seconds, perSecond: job.produced / seconds, status: job.status };
}

export async function measureApi(base, pid, listId) {
  const token = await signIn(base, 'customer@leadsmith.test', 'leadsmith-customer');
  const idle = processMemoryMb(pid);
  const list = await listLoad(base, token, listId);
  const afterLoad = processMemoryMb(pid);
  const bulk = await bulkActions(base, token, listId);
  const search = await searchThroughput(base, token, Number(process.env.BENCH_SEARCH_COUNT ?? 1000));
  const end = processMemoryMb(pid);
  return { list, bulk, search, memory: { idleMb: idle.rssMb, underLoadMb: afterLoad.rssMb, peakMb: end.peakMb } };
}
