import { startFakeSite } from '../../api/test/fakeDomainSite';
import { fixtureAnswer } from '../../api/test/support/fixtureDns';
import { DOMAIN_DNS_PORT, DOMAIN_SITE_PORT } from './FakeDomainSite';

/**
 * Starts the company website and its DNS server for the whole run; returns their teardown. Other names get the API
 * tests' fixture DNS answers: a `.test` or `.example` domain takes mail (the email grader says so), nothing else exists.
 */
export default async function fakeDomainSiteGlobalSetup(): Promise<() => Promise<void>> {
  const site = await startFakeSite({ port: DOMAIN_SITE_PORT, dnsPort: DOMAIN_DNS_PORT, otherNames: fixtureAnswer });
  return () => site.close();
}
