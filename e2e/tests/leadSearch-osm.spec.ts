import { expect, test } from '../support/fixtures';
import { OSM_API_BASE } from '../support/FakeLeadVendors';
import { NewSearchPage, SavedListPage, chooseCategories } from '../support/LeadSearchPages';

/** The places of api/test/fixtures/leadVendors/osm.ts inside the Porto box, restaurants and dentists, in the order the source gives them. */
const PORTO_PLACES = [
  'Tasca do Rio',
  'Casa Foz',
  'Clínica Dentária Boavista',
  'O Tripeiro',
  'Cantinho do Avillez',
  'Adega Campanhã',
  'Sorriso Oriental',
];

// The API server whose local searches go to Nominatim and Overpass (loopback fakes answering from the fixtures).
test.use({ baseURL: OSM_API_BASE });

test.describe('lead search: a local search through OpenStreetMap', () => {
  test.describe.configure({ timeout: 120_000 });

  test('fills the list with the places Overpass returns for the town Nominatim found, then grades their emails', async ({
    page,
    signIn,
  }) => {
    await signIn('customer', '/lead-search/new-search?type=local');
    const form = new NewSearchPage(page);
    await chooseCategories(page, ['Restaurant', 'Dentist']);
    await page.getByLabel('Location').fill('Porto');
    await form.createList(`E2E OSM ${Date.now()}`);
    await page.getByLabel(/Number of leads/).fill('10');
    await form.run.click();
    await expect(page).toHaveURL(/\/lead-search\/saved-lists\/local-\d+$/);
    const list = new SavedListPage(page);
    await expect(list.progress).toContainText('Search finished: 7 leads', { timeout: 90_000 });
    await expect(list.rows).toHaveCount(PORTO_PLACES.length);
    for (const name of PORTO_PLACES) await expect(list.rows.filter({ hasText: name })).toHaveCount(1);
    // A nameless place and one outside the town's box are not leads; the list is not demo data.
    await expect(list.rows.filter({ hasText: 'Outside the box' })).toHaveCount(0);
    await expect(page.getByText('Demo data')).toHaveCount(0);

    // The search's email is graded in the background when it ends, without a click and without a reload: its domain takes
    // mail (the fake DNS server gives .test domains a mail exchanger); with no verifier key the mailbox is not checked.
    const grade = list.rows.filter({ hasText: 'Tasca do Rio' }).getByTestId('email-grade');
    await expect(grade).toHaveAttribute('data-grade', 'unknown', { timeout: 30_000 });
    await expect(grade).toHaveAttribute('title', 'The domain takes email; the mailbox itself was not checked.');
    await expect(page.getByTestId('email-grade')).toHaveCount(1);
    await page.getByLabel('Email grade').selectOption('unknown');
    await expect(list.rows).toHaveCount(1);
    await expect(list.rows).toContainText('Tasca do Rio');
  });
});
