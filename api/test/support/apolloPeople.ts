import { loadLeadSourcesConfig, registerLeadProvider, type SearchType } from '../../src/providers/leads';
import { assembleLeadSourceChains } from '../../src/providers/leads/leadSources';
import { FAKE_KEYS, startFakeLeadVendors, testSourceDeps, type FakeLeadVendors } from '../fakeLeadVendors';

/**
 * People (and group) lists served by the real Apollo adapter (People API Search, People Enrichment for
 * emails and phones) against the local Apollo fake, for tests of searching and charging around people
 * lists: demo data is free (ADR 017), Apollo's people are charged. The fake finds 100 people at Acme
 * for a query, other people for another title, location or seniority (fixtures/leadVendors/apollo.ts):
 * three in four with an email (verified or guessed), every other one with a phone; asked for people at
 * the Organization Search's companies (`company` also served by Apollo, as "find similar" does), three
 * people at each of them. Only the given types change source; `close` puts the previous ones back.
 */
export async function installApolloPeople(
  types: readonly Extract<SearchType, 'people' | 'group' | 'company'>[] = ['people'],
): Promise<{ fake: FakeLeadVendors; close(): Promise<void> }> {
  const fake = await startFakeLeadVendors({}, { peoplePerQuery: true });
  // The fakes listen on loopback: allowed beside whatever hosts the test file allows already.
  const allowed = process.env.OUTBOUND_ALLOW_HOSTS;
  const deps = testSourceDeps();
  if (allowed) process.env.OUTBOUND_ALLOW_HOSTS = [...new Set([...allowed.split(','), '127.0.0.1'])].join(',');
  const chains = assembleLeadSourceChains(
    loadLeadSourcesConfig({
      APOLLO_API_KEY: FAKE_KEYS.apollo,
      APOLLO_URL: fake.url('apollo'),
      LEAD_KEYLESS_SOURCES: '0',
    }),
    deps,
  );
  const undos = types.map((type) => registerLeadProvider(chains[type]![0]!, [type]));
  return {
    fake,
    close: async () => {
      for (const undo of undos.reverse()) undo();
      await fake.close();
    },
  };
}
