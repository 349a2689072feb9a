/**
 * The keyless domain engine (see ../README.md, "Domain engine"). Other providers find emails for a
 * company's site with `domainEngine().findEmailsForDomain(domain, { people })`.
 */
export {
  createDomainEngine,
  createDomainLeadProvider,
  domainEngine,
  domainRecords,
  DOMAIN_PROVIDER_ID,
  type DomainEngine,
} from './domainProvider';
export { siteEmailFinder, siteSources } from './siteSources';
export { domainEngineConfigFromEnv, withPeople, dnsResolver, findEmailsForDomain, hostOf } from './engine';
export type {
  DomainEngineConfig,
  DomainFindings,
  EmailFinding,
  EmailState,
  FindOptions,
  PersonFinding,
} from './engine';
export {
  crawlSite,
  CRAWLER_USER_AGENT,
  type CrawlLimits,
  type CrawlNetwork,
  type CrawlResult,
  type CrawledPage,
  type DnsResolver,
} from './crawler';
export type { EmailVerification } from './verify';
export type { CompanyFacts, SocialProfile, Technology } from './extract';
