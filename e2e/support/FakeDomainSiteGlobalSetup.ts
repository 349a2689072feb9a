import { startFakeSite } from '../../api/test/fakeDomainSite';
import { DOMAIN_DNS_PORT, DOMAIN_SITE_PORT } from './FakeDomainSite';

/** Starts the company website and its DNS server for the whole run; returns their teardown. */
export default async function fakeDomainSiteGlobalSetup(): Promise<() => Promise<void>> {
  const site = await startFakeSite({ port: DOMAIN_SITE_PORT, dnsPort: DOMAIN_DNS_PORT });
  return () => site.close();
}
