import type { Config } from '../config';
import type { Queryable } from '../db';
import { normaliseDomain } from '../modules/core/siteSettings.schemas';
import { DEFAULT_DOMAIN_KEY } from './remotes';

/** Where a developer's remote dev servers run (shell dev overrides accept loopback URLs only). */
const DEV_LOOPBACK = ['http://localhost:*', 'http://127.0.0.1:*'];

/**
 * Origins of remotes the registry may point this domain at: https manifest URLs of its pins and
 * canaries (and of the `_default` ones). Remotes served by this host are covered by 'self'.
 */
export async function registryOrigins(db: Queryable, host: string): Promise<string[]> {
  const { rows } = await db.query<{ version: string | null; canary_version: string | null }>(
    'SELECT version, canary_version FROM delivery_registry_overrides WHERE domain = $1 OR domain = $2',
    [normaliseDomain(host), DEFAULT_DOMAIN_KEY],
  );
  const origins = new Set<string>();
  for (const value of rows.flatMap((r) => [r.version, r.canary_version])) {
    if (!value || !/^https:\/\//.test(value)) continue;
    try {
      origins.add(new URL(value).origin);
    } catch {
      // not a URL: a version served from this host
    }
  }
  return [...origins].sort();
}

/**
 * The shell's Content-Security-Policy: scripts and connections only from this origin and the
 * registry's remote origins; no inline or eval'd script, no plugins, no framing, no foreign
 * form targets. Styles allow inline (the UI kit injects its CSS at run time); images allow
 * https and data: (logos and favicons set in branding).
 */
export function contentSecurityPolicy(
  remoteOrigins: readonly string[],
  config: Pick<Config, 'cspDevLoopback'>,
): string {
  // Loopback dev servers only when a developer asks (CSP_DEV_LOOPBACK=1), never because NODE_ENV is unset.
  const extra = [...remoteOrigins, ...(config.cspDevLoopback ? DEV_LOOPBACK : [])];
  const list = (...sources: string[]) => [...sources, ...extra].join(' ');
  return [
    "default-src 'self'",
    `script-src ${list("'self'")}`,
    `connect-src ${list("'self'")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
