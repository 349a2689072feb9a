/**
 * The company website the domain-search spec crawls (api/test/fakeDomainSite.ts, started once by
 * FakeDomainSiteGlobalSetup.ts) and the DNS server answering for its domain. playwright.config.ts
 * points the API's domain engine at them (DOMAIN_DNS_SERVERS, DOMAIN_CRAWL_HTTP_PORT). Their ports
 * follow the API's (E2E_PORT + 6 and + 7) unless E2E_DOMAIN_SITE_PORT / E2E_DOMAIN_DNS_PORT are set.
 */
const API_PORT = Number(process.env.E2E_PORT ?? 8181);
export const DOMAIN_SITE_PORT = Number(process.env.E2E_DOMAIN_SITE_PORT ?? API_PORT + 6);
export const DOMAIN_DNS_PORT = Number(process.env.E2E_DOMAIN_DNS_PORT ?? API_PORT + 7);
export { FAKE_DNS_TXT_PATH, SITE_DOMAIN, SITE_EMAILS } from '../../api/test/fakeDomainSite';
