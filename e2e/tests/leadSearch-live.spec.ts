import { expect, test } from '../support/fixtures';
import { LEAD_VENDORS_CONTROL, OSM_API_BASE, RIBEIRA } from '../support/FakeLeadVendors';
import { NewSearchPage, SavedListPage, chooseCategories } from '../support/LeadSearchPages';

// The API server whose local searches go to the Nominatim and Overpass fakes.
test.use({ baseURL: OSM_API_BASE });

/**
 * Results arrive in the list while the search runs: Overpass is made slow on purpose (the fake holds
 * every restaurant-only query inside Ribeira's box until the spec releases it). Ribeira holds Porto's
 * places in a box of its own, so no other spec's Porto search (cached by the API, or running meanwhile)
 * meets the hold. Its box is read in three cells from the west; the fixture has two restaurants in the
 * first, two in the second and one in the third.
 */
test.describe('lead search: results arrive while the search runs', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the first places show in the list while the next part of the town is still being read', async ({
    page,
    request,
    signIn,
  }) => {
    const held = async () =>
      ((await (await request.get(`${LEAD_VENDORS_CONTROL}/held`)).json()) as { held: number }).held;
    expect(
      (
        await request.post(
          `${LEAD_VENDORS_CONTROL}/hold?vendor=overpass&key=${encodeURIComponent('amenity=restaurant')}&within=${RIBEIRA.box}`,
        )
      ).ok(),
    ).toBeTruthy();
    try {
      await signIn('customer', '/lead-search/new-search?type=local');
      const form = new NewSearchPage(page);
      await chooseCategories(page, ['Restaurant']);
      await page.getByLabel('Location').fill(RIBEIRA.location);
      await form.createList(`E2E live ${Date.now()}`);
      await page.getByLabel(/Number of leads/).fill('10');
      await form.run.click();
      await expect(page).toHaveURL(/\/lead-search\/saved-lists\/local-\d+$/);
      const list = new SavedListPage(page);

      // The search asks Overpass for the first cell and waits: nothing in the list yet.
      await expect.poll(held, { timeout: 60_000 }).toBe(1);
      await expect(list.progress).toContainText('Searching: 0 of 10 leads');
      await expect(list.rows).toHaveCount(0);

      // The first cell's two restaurants arrive while the second cell is still held.
      await request.post(`${LEAD_VENDORS_CONTROL}/release?count=1`);
      await expect.poll(held, { timeout: 60_000 }).toBe(1);
      await expect(list.rows).toHaveCount(2, { timeout: 60_000 });
      await expect(list.rows.filter({ hasText: 'Tasca do Rio' })).toHaveCount(1);
      await expect(list.rows.filter({ hasText: 'Casa Foz' })).toHaveCount(1);
      await expect(list.progress).toContainText('Searching: 2 of 10 leads');
      await expect(page.getByRole('button', { name: 'Stop search' })).toBeVisible();

      // The rest of the town: all five restaurants, and the search is over.
      await request.post(`${LEAD_VENDORS_CONTROL}/release`);
      await expect(list.progress).toContainText('Search finished: 5 leads', { timeout: 60_000 });
      await expect(list.rows).toHaveCount(5);
      for (const name of ['O Tripeiro', 'Cantinho do Avillez', 'Adega Campanhã'])
        await expect(list.rows.filter({ hasText: name })).toHaveCount(1);
    } finally {
      await request.post(`${LEAD_VENDORS_CONTROL}/release`);
    }
  });
});
