#!/usr/bin/env bash
# Every test of the project, in the order a failure is cheapest to find:
# types, lint, unit/component/API tests, production builds, end-to-end in Chromium.
set -euo pipefail
export TURBO_TELEMETRY_DISABLED=1
cd "$(dirname "$0")/.."
node scripts/check-node.mjs
bash scripts/ensure-chromium.sh
npx turbo run typecheck --output-logs=errors-only
npx eslint .
node scripts/audit.mjs
npx jest --ci
npx turbo run build --output-logs=errors-only
npm run test -w @leadsmith/e2e
