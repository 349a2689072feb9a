/**
 * A third API server for the spec that moves time (signup-renewal.spec.ts): TEST_CLOCK=1 lets it move
 * its app clock a month forward, which must not happen under the other specs' sessions and throttles.
 */
const API_PORT = Number(process.env.E2E_PORT ?? 8181);
export const CLOCK_API_PORT = Number(process.env.E2E_CLOCK_API_PORT ?? API_PORT + 10);
export const CLOCK_API_URL = `http://127.0.0.1:${CLOCK_API_PORT}`;
