import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { ApiBody } from '../../shared/src/api/contract';
import type { AccountName } from './accounts';
import { apiToken } from './session';

/** Helpers of the delivery specs: releasing remote versions, editing the registry, signing in on another domain. */
export const REPO_ROOT = path.resolve(__dirname, '../..');

export interface ReleasedEntry {
  remote: string;
  version: string;
  manifestUrl: string;
}

/** `node scripts/release.mjs <folder>` with RELEASE_VERSION and build flags; returns the registry entry it prints. */
export function release(folder: string, version: string, env: Record<string, string> = {}): ReleasedEntry {
  const run = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts/release.mjs'), folder], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, RELEASE_VERSION: version },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`release ${folder} ${version} failed:\n${run.stderr.slice(-4000)}`);
  return JSON.parse(run.stdout) as ReleasedEntry;
}

/** Test builds (fault injection, other contract) are built once per checkout; a missing one is released now. */
export function ensureRelease(folder: string, version: string, env: Record<string, string>): void {
  if (!existsSync(path.join(REPO_ROOT, folder, 'dist', version, 'mf-manifest.json'))) release(folder, version, env);
}

/** sha256 of every file under a folder (relative path + content), to prove it did not change. */
export function treeHash(dir: string): string {
  const hash = createHash('sha256');
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = path.join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else hash.update(path.relative(dir, full)).update('\0').update(readFileSync(full)).update('\0');
    }
  };
  walk(dir);
  return hash.digest('hex');
}

/** PUT /api/admin/remote-registry/<domain>/<remote> as the super admin. */
export async function setOverride(
  request: APIRequestContext,
  domain: string,
  remote: string,
  body: object,
): Promise<void> {
  const token = await apiToken(request, 'admin');
  const response = await request.put(`/api/admin/remote-registry/${domain}/${remote}`, {
    data: body,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The same server under another host name: Chromium resolves every *.localhost to loopback. */
export function originFor(baseURL: string | undefined, host: string): string {
  const url = new URL(baseURL ?? 'http://127.0.0.1:8181');
  return `http://${host}:${url.port}`;
}

/** Signs in on `origin` (its own localStorage) and opens `pathname` there. */
export async function signInAt(
  page: Page,
  request: APIRequestContext,
  account: AccountName,
  origin: string,
  pathname: string,
  storage: Record<string, string> = {},
): Promise<void> {
  const token = await apiToken(request, account);
  await page.goto(`${origin}/login`);
  await page.evaluate(
    ([t, extra]) => {
      localStorage.setItem('access_token', t);
      for (const [k, v] of Object.entries(extra)) localStorage.setItem(k, v);
    },
    [token, storage] as const,
  );
  await page.goto(`${origin}${pathname}`);
}

/** Waits for an error-log POST about `remote` and returns its body. */
export function errorReport(page: Page, remote: string, contains = '') {
  return page
    .waitForRequest(
      (r) =>
        r.url().endsWith('/api/log-app-error') &&
        (r.postData() ?? '').includes(`"remote":"${remote}"`) &&
        (r.postData() ?? '').includes(contains),
    )
    .then((r) => r.postDataJSON() as ApiBody<'/api/log-app-error', 'post'>);
}
