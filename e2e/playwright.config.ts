import { defineConfig } from '@playwright/test';
import type { RemoteArea } from '../shared/src/constants/remotes';
import { CLOCK_API_PORT } from './support/ClockServer';
import { FAKE_CRM_BASE } from './support/FakeCrm';
import { DOMAIN_DNS_PORT, DOMAIN_SITE_PORT } from './support/FakeDomainSite';
import { FAKE_OIDC_CLIENT, FAKE_OIDC_ISSUER } from './support/FakeOidc';
import {
  APOLLO_URL,
  FAKE_APOLLO_KEY,
  NOMINATIM_URL,
  OSM_API_BASE,
  OSM_API_PORT,
  OVERPASS_URL,
} from './support/FakeLeadVendors';

const PORT = Number(process.env.E2E_PORT ?? 8181);

/**
 * The specs of each area, by the start of their file name in tests/ (`<start>-…` or `<start>.spec.ts`):
 * `npm run test -w @leadsmith/e2e -- --project=<area>` runs one area alone. Every other spec (the shell,
 * delivery, session, i18n, security across areas, a flow through two areas) is the `cross-area` project.
 * A spec belongs to one project only, so a run of every project runs each spec once.
 */
const AREA_SPECS: Record<RemoteArea, readonly string[]> = {
  settings: ['settings', 'payments'],
  ai: ['ai'],
  'lead-search': ['leadSearch', 'lists'],
  whitelabel: ['whitelabel'],
  admin: ['admin'],
};
const specsStartingWith = (starts: readonly string[]) =>
  new RegExp(`/tests/(${starts.join('|')})(-[^/]*)?\\.spec\\.ts$`);

/** Real Chromium (Debian's), the built shell and remotes, the real API on a fresh in-memory database. */
export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // A test alone takes 5–30 s; beside the other worker and three API servers on two cores some took over 60 s
  // (a full run beside other work). The timeout is there to stop a hang, not to time a test.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  projects: [
    ...Object.entries(AREA_SPECS).map(([area, starts]) => ({ name: area, testMatch: specsStartingWith(starts) })),
    { name: 'cross-area', testIgnore: Object.values(AREA_SPECS).map(specsStartingWith) },
  ],
  // A fake CRM (token and contacts endpoints) for the CRM specs: the API exchanges codes and pushes contacts there.
  // A company website and its DNS server for the domain-search spec: the API's domain engine crawls it.
  // Nominatim and Overpass on loopback for the OpenStreetMap spec, which uses the second API server below.
  // An OpenID provider standing in for Google for the social sign-in spec, on the second API server too.
  globalSetup: [
    './support/FakeCrmGlobalSetup.ts',
    './support/FakeDomainSiteGlobalSetup.ts',
    './support/FakeLeadVendorsGlobalSetup.ts',
    './support/FakeOidcGlobalSetup.ts',
    // The run's record of screens revisited for their accessibility audit (support/fixtures.ts).
    './support/A11yAuditGlobalSetup.ts',
  ],
  outputDir: '../test-results',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: [
    {
      command: 'node ../api/dist/server.js',
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: 'ignore',
      stderr: 'pipe',
      // OUTBOUND_ALLOW_HOSTS: the crawl, list-webhook and CRM specs use servers on loopback (refused otherwise).
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: ':memory:',
        DEV_MAILBOX: '1',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
        // No internet here: of the keyless lead sources only the site crawl is on (it crawls the local company
        // website below); OpenStreetMap (on in the second server) and reverse DNS are off, so local and intent searches get labelled demo data.
        LEAD_KEYLESS_SOURCES: 'site',
        // GoHighLevel's token and API endpoints at the fake CRM (its authorisation page stays the public one; specs route it).
        CRM_GHL_TOKEN_URL: `${FAKE_CRM_BASE}/oauth/token`,
        CRM_GHL_API_URL: FAKE_CRM_BASE,
        // The domain engine resolves names through the fake site's DNS server and reaches http:// sites on its port.
        DOMAIN_DNS_SERVERS: `127.0.0.1:${DOMAIN_DNS_PORT}`,
        DOMAIN_CRAWL_HTTP_PORT: String(DOMAIN_SITE_PORT),
        // A reseller's domain-ownership TXT record is looked up there too (the white-label spec publishes it).
        DOMAIN_CHECK_DNS_SERVERS: `127.0.0.1:${DOMAIN_DNS_PORT}`,
      },
    },
    {
      // The same API with OpenStreetMap and Apollo on (the fakes above): a local search fills a list with the fixture's places.
      command: 'node ../api/dist/server.js',
      url: `http://127.0.0.1:${OSM_API_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(OSM_API_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: ':memory:',
        DEV_MAILBOX: '1',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
        LEAD_KEYLESS_SOURCES: 'site,osm',
        NOMINATIM_URL,
        OVERPASS_URL,
        // Apollo at the vendors' fake for people searches and phone reveals; the fake posts the numbers back to PUBLIC_URL.
        // Emails of places keep coming from the site crawl only, as before Apollo was configured here.
        APOLLO_API_KEY: FAKE_APOLLO_KEY,
        APOLLO_URL,
        PUBLIC_URL: OSM_API_BASE,
        LEAD_EMAIL_WATERFALL: 'site',
        DOMAIN_DNS_SERVERS: `127.0.0.1:${DOMAIN_DNS_PORT}`,
        DOMAIN_CRAWL_HTTP_PORT: String(DOMAIN_SITE_PORT),
        // Google sign-in against the fake OpenID provider: this server's login page shows the Google button
        // (the first server's does not, so its specs' "Sign in" buttons stay the only ones).
        GOOGLE_CLIENT_ID: FAKE_OIDC_CLIENT.id,
        GOOGLE_CLIENT_SECRET: FAKE_OIDC_CLIENT.secret,
        GOOGLE_OIDC_ISSUER: FAKE_OIDC_ISSUER,
      },
    },
    {
      // The same API with TEST_CLOCK on (POST /api/dev/clock moves its clock): the sign-up and renewal spec
      // moves time a month, so it runs against its own server. Sessions outlive the month moved.
      command: 'node ../api/dist/server.js',
      url: `http://127.0.0.1:${CLOCK_API_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(CLOCK_API_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: ':memory:',
        DEV_MAILBOX: '1',
        TEST_CLOCK: '1',
        TOKEN_TTL_HOURS: String(24 * 120),
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        LEAD_KEYLESS_SOURCES: 'site',
        // No internet here: names (the crawl, the email grader's MX look-ups) resolve at the fake site's DNS server, as on the servers above.
        DOMAIN_DNS_SERVERS: `127.0.0.1:${DOMAIN_DNS_PORT}`,
      },
    },
  ],
});
