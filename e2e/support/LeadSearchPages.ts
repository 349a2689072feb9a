import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { api } from './api';

/** Page objects of the lead search area (new search, one saved list). */
export class NewSearchPage {
  constructor(readonly page: Page) {}

  async open(query = 'type=people'): Promise<void> {
    await this.page.goto(`/lead-search/new-search?${query}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'New search' })).toBeVisible();
    await expect(this.page.getByLabel('Location')).toBeVisible();
  }

  get run(): Locator {
    return this.page.getByRole('button', { name: 'Run search' });
  }

  /** `demo`: a "Demo list" (sample data, the explicit offline mode). */
  async createList(name: string, { demo = false }: { demo?: boolean } = {}): Promise<void> {
    await this.page.getByLabel('Or create a new list').fill(name);
    // The design system's checkbox: its label takes the click (the input itself is visually hidden).
    if (demo) await this.page.getByText(/^Demo list \(/).click();
    await this.page.getByRole('button', { name: 'Create list' }).click();
    await expect(this.page.getByLabel('List', { exact: true }).locator('option:checked')).toHaveText(
      demo ? `${name} (Demo list)` : name,
    );
  }
}

/** Picks business categories in the local search's searchable multi-select: typed, then chosen from the list. */
export async function chooseCategories(page: Page, names: readonly string[]): Promise<void> {
  const box = page.getByRole('combobox', { name: 'Business categories' });
  for (const name of names) {
    await box.fill(name);
    await page.getByRole('listbox', { name: 'Business categories' }).getByRole('option', { name, exact: true }).click();
  }
  const chosen = page.getByRole('list', { name: 'Chosen: Business categories' });
  for (const name of names) await expect(chosen.getByText(name, { exact: true })).toBeVisible();
  // Closed, so the open list covers nothing the test clicks next.
  await box.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
}

export class SavedListPage {
  constructor(readonly page: Page) {}

  get rows(): Locator {
    return this.page.getByTestId('result-row');
  }

  get progress(): Locator {
    return this.page.getByTestId('job-progress');
  }

  /** "40 of 100 results shown": the rows loaded so far (only those near the view are drawn). */
  get shown(): Locator {
    return this.page.getByTestId('list-shown');
  }

  /**
   * Scrolls the results table to its end with the mouse wheel, as a person does, and waits for the next rows the
   * list asks for to arrive.
   */
  async scrollForMore(): Promise<void> {
    const more = this.page.waitForResponse(
      (r) => /\/api\/[a-z]+-results\/\d+$/.test(r.url()) && r.request().postDataJSON()?.after !== undefined,
    );
    await this.page.getByTestId('table-frame').hover();
    await this.page.mouse.wheel(0, 100_000);
    await more;
  }

  statusBadges(status: 'looking' | 'found' | 'potential' | 'not_found'): Locator {
    return this.page.locator(`[data-testid="email-status"][data-status="${status}"]`);
  }
}

export async function creditTotal(request: APIRequestContext, token: string): Promise<number> {
  return (await api(request).get('/api/user-limits', { headers: { authorization: `Bearer ${token}` } })).credits.total;
}
