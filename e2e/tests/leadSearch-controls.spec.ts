import { test, expect } from '../support/fixtures';

/** Issue 26 items 13 and 15: the new-search form's controls are the design system's, readable and reachable. */
test('business categories: a searchable multi-select with chips, by keyboard, in the page font, with Run search in view at 1280 × 900', async ({
  page,
  signIn,
  expectAccessible,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn('customer', '/lead-search/new-search?type=local&location=Madrid');
  const box = page.getByRole('combobox', { name: 'Business categories' });
  await box.focus();
  await page.keyboard.type('dent');
  await expect(
    page.getByRole('listbox', { name: 'Business categories' }).getByRole('option', { name: 'Dentist', exact: true }),
  ).toBeVisible();
  await page.keyboard.press('Enter');
  await page.keyboard.type('bake');
  await page.keyboard.press('Enter');
  const chosen = page.getByRole('list', { name: 'Chosen: Business categories' });
  await expect(chosen.getByRole('listitem')).toHaveText(['Dentist', 'Bakery']);
  await page.keyboard.press('Backspace');
  await expect(chosen.getByRole('listitem')).toHaveText(['Dentist']);
  await page.keyboard.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');

  // The page's typeface and size, not the browser's default for a native list.
  const font = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((e) => `${getComputedStyle(e).fontFamily} ${getComputedStyle(e).fontSize}`);
  expect(await font('#local-categories')).toBe(await font('input[name="location"]'));
  await expect(page.getByRole('button', { name: 'Run search' })).toBeInViewport();

  // Every checkbox is the design system's; no native multiple select is left.
  const native = await page
    .locator('main form input[type="checkbox"]')
    .evaluateAll((boxes) => boxes.filter((b) => !b.closest('[data-scope="checkbox"]')).length);
  expect(native).toBe(0);
  await expect(page.locator('main form select[multiple]')).toHaveCount(0);
  await expectAccessible();
});
