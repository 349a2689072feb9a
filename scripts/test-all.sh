#!/usr/bin/env bash
# Every test of the project, in the order a failure is cheapest to find:
# types, lint, unit/component/API tests, production builds, end-to-end in Chromium.
# PG_PORT picks the port of the test PostgreSQL server (default 55432).
set -euo pipefail
export TURBO_TELEMETRY_DISABLED=1
cd "$(dirname "$0")/.."
# Each stage prints how long it took (CI's limit is on the whole run: the slowest stage is named in its log).
stage() {
  local started=$SECONDS
  "$@"
  echo "test-all: $* took $((SECONDS - started)) s"
}
node scripts/check-node.mjs
bash scripts/ensure-chromium.sh
stage npx turbo run typecheck --output-logs=errors-only
# The front end's API types must match the API's route schemas (regenerate with npm run gen:api).
stage node scripts/gen-api.mjs --check
stage npx eslint .
# One formatting (.prettierrc.json); `npm run format` rewrites what this refuses.
stage npm run -s format:check
node scripts/audit.mjs
# A real PostgreSQL server for the suites that need one (scripts/postgres.sh),
# stopped at the end unless it was already running.
if ! bash scripts/postgres.sh status; then trap 'bash scripts/postgres.sh stop' EXIT; fi
TEST_POSTGRES_URL="$(bash scripts/postgres.sh start)"
export TEST_POSTGRES_URL
# One jest worker per core: jest's default (cores - 1) ran one worker on a 2-core machine, its test files one at
# a time while the second core idled (the jest process itself only schedules and reports).
stage npx jest --ci --maxWorkers=100%
# The API suite again on PostgreSQL (files that open a database; api/jest.postgres.config.cjs).
stage env API_TEST_DATABASE_URL="$TEST_POSTGRES_URL" npx jest --ci --maxWorkers=100% -c api/jest.postgres.config.cjs
stage npx turbo run build --output-logs=errors-only
stage npm run test -w @leadsmith/e2e
