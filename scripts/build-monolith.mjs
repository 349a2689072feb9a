#!/usr/bin/env node
// npm run build:monolith — the shell and all five areas as one ordinary webpack app (no federation),
// into monolith/dist/shell/dist, for the benchmark only. Not part of `npm start` or `npm run build`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const cli = require.resolve('webpack-cli/bin/cli.js', { paths: [path.join(root, 'shell')] });
const run = spawnSync(
  process.execPath,
  [cli, 'build', '--mode', 'production', '-c', path.join(root, 'scripts/monolith/webpack.config.cjs')],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
if (run.status === 0)
  console.log(
    'monolith: built monolith/dist/shell/dist — serve it with `npm run start:monolith` (port 8090, MONOLITH_PORT to change)',
  );
process.exit(run.status ?? 1);
