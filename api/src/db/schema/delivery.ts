import type { Migration } from './types';

/**
 * Schema of remote delivery (per-domain registry overrides). Append only. An area's migrations may use the core tables
 * but not another area's, so areas can grow in any order.
 */
export const DELIVERY_MIGRATIONS: readonly Migration[] = [
  {
    id: 'delivery_001_registry_overrides',
    sql: `
-- One row per (domain, remote): the domain '_default' overrides every domain without its own row.
-- version: a pinned build (semver folder on disk) or an absolute https manifest URL; NULL keeps the default.
-- canary_version/canary_percent: that share of users (stable hash of user or session) gets the canary.
CREATE TABLE delivery_registry_overrides (
  domain text NOT NULL,
  remote text NOT NULL,
  version text,
  canary_version text,
  canary_percent integer CHECK (canary_percent BETWEEN 0 AND 100),
  updated_by integer REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (domain, remote),
  CHECK ((canary_version IS NULL) = (canary_percent IS NULL))
);
`,
  },
  {
    id: 'w2-pgci-remote-versions',
    sql: `
-- The remote builds every instance has seen on its disk (api/src/web/remoteCatalogue.ts): the registry answers from
-- this table, so all instances give the same answer during a rolling deploy. is_release: the version was some
-- instance's current release (its package.json version); the default is the highest of those.
CREATE TABLE delivery_remote_versions (
  remote text NOT NULL,
  version text NOT NULL,
  is_release boolean NOT NULL DEFAULT false,
  published_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (remote, version)
);
`,
  },
];
