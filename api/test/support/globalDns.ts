import { startFixtureDns, type FixtureDns } from './fixtureDns';

/**
 * Jest's global setup and teardown of the API project: one fixture DNS server (fixtureDns.ts) for the
 * whole run, named in DOMAIN_DNS_SERVERS before the test files' processes start, so no test file reaches
 * the machine's DNS. A run that sets DOMAIN_DNS_SERVERS itself keeps its own.
 */
const running = globalThis as { leadsmithFixtureDns?: FixtureDns };

export async function setup(): Promise<void> {
  if (process.env.DOMAIN_DNS_SERVERS) return;
  running.leadsmithFixtureDns = await startFixtureDns();
  process.env.DOMAIN_DNS_SERVERS = running.leadsmithFixtureDns.server;
}

export async function teardown(): Promise<void> {
  await running.leadsmithFixtureDns?.close();
  delete running.leadsmithFixtureDns;
}
