import { test, expect } from '../support/fixtures';
import { addPeople, auth, createList } from '../support/LeadSearch2Api';
import type { Page } from '@playwright/test';
import { apiToken } from '../support/session';

/**
 * Every table on the page stays inside its frame: the page itself never scrolls sideways, and a table
 * wider than its frame scrolls inside a frame no taller than the window (its scrollbar in view).
 */
async function expectTablesFit(page: Page): Promise<void> {
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1)
      found.push(`the page scrolls sideways: ${doc.scrollWidth} > ${doc.clientWidth}`);
    const main = document.querySelector('main')!.getBoundingClientRect();
    for (const table of document.querySelectorAll('main table')) {
      const name = table.getAttribute('aria-label') ?? table.textContent!.slice(0, 30);
      let frame = table.parentElement;
      while (frame && frame !== document.body && !['auto', 'scroll'].includes(getComputedStyle(frame).overflowX))
        frame = frame.parentElement;
      const box = (frame && frame !== document.body ? frame : table).getBoundingClientRect();
      if (box.right > main.right + 1)
        found.push(`${name}: its frame ends past the content area (${box.right} > ${main.right})`);
      if (table.scrollWidth > (frame?.clientWidth ?? 0) + 1) {
        if (!frame || frame === document.body) found.push(`${name}: wider than the page with no frame to scroll in`);
        else if (box.height > window.innerHeight)
          found.push(
            `${name}: scrolls sideways in a frame taller than the window (${box.height}px), its scrollbar out of view`,
          );
      }
    }
    return found;
  });
  expect(problems).toEqual([]);
}

test.describe('lists: labels connect, one state, tables that fit', () => {
  test('a label added from a list is offered in "Filter by label" and listed on Custom labels', async ({
    page,
    signIn,
    request,
    shell,
    expectAccessible,
  }) => {
    const token = await apiToken(request, 'customer');
    const stamp = Date.now();
    const label = `Hot lead ${stamp}`;
    const listId = await createList(request, token, `Labels ${stamp}`);
    await addPeople(request, token, listId, [`Ann ${stamp}`, `Ben ${stamp}`, `Cal ${stamp}`]);

    await signIn('customer', `/lead-search/saved-lists/people-${listId}`);
    await expect(page.getByTestId('result-row')).toHaveCount(3);
    await page.getByRole('checkbox', { name: `Select Ann ${stamp}` }).check();
    const bar = page.getByRole('region', { name: 'Selection' });
    await bar.getByLabel('Label', { exact: true }).fill(label);
    await bar.getByRole('button', { name: 'Add label' }).click();
    await expect(
      page
        .getByTestId('result-row')
        .filter({ hasText: `Ann ${stamp}` })
        .getByTestId('result-labels'),
    ).toHaveText(label);

    // Without a reload, the new label can be chosen in the filter, and filters the list.
    const filter = page.getByLabel('Filter by label');
    await expect(filter.getByRole('option', { name: label })).toHaveCount(1);
    await filter.selectOption({ label });
    await expect(page.getByTestId('result-row')).toHaveCount(1);
    await expect(page.getByTestId('result-row')).toContainText(`Ann ${stamp}`);
    await expectAccessible();

    // The Custom labels page lists it with its result.
    await shell.link('Custom labels').click();
    await expect(shell.heading('Custom labels')).toBeVisible();
    await page.goto(`/lead-search/custom-labels?search=${stamp}`);
    const row = page.getByTestId('label-row').filter({ hasText: label });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Results: 1');
  });

  test('an archived list shows one state, its name as heading and the size of the whole list', async ({
    page,
    signIn,
    request,
    shell,
  }) => {
    const token = await apiToken(request, 'customer');
    const stamp = Date.now();
    const name = `Archived ${stamp}`;
    const listId = await createList(request, token, name);
    await addPeople(request, token, listId, [`Dan ${stamp}`, `Eli ${stamp}`]);
    const archived = await request.post(`/api/campaigns/archive/${listId}`, {
      headers: auth(token),
      data: { is_archived: true },
    });
    expect(archived.ok(), await archived.text()).toBeTruthy();

    await signIn('customer', `/lead-search/saved-lists/people-${listId}`);
    await expect(shell.heading(name)).toBeVisible();
    await expect(page.getByTestId('list-state')).toHaveText('Archived');
    await expect(page.getByText('Active', { exact: true })).toHaveCount(0);
    await expect(page.getByTestId('list-size')).toHaveText('This list holds 2 leads.');

    await page.goto('/lead-search/saved-lists?filter=archived');
    const listRow = page.getByRole('row').filter({ hasText: name });
    await expect(listRow.getByTestId('list-state')).toHaveText('Archived');
    await expect(listRow.getByText('Active', { exact: true })).toHaveCount(0);
  });

  test('at 1280 px no table overflows its frame; row actions sit on the rows; the AI panel opens below the bulk bar', async ({
    page,
    signIn,
    request,
    shell,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const token = await apiToken(request, 'customer');
    const stamp = Date.now();
    const listId = await createList(request, token, `Wide ${stamp}`);
    const long = 'International Business Development and Strategic Partnerships';
    for (let i = 0; i < 25; i++) {
      const response = await request.post(`/api/people-results/${listId}/manual`, {
        headers: auth(token),
        data: {
          name: `Person ${i} ${stamp}`,
          email: `person.${i}.with.a.rather.long.address.${stamp}@subsidiary.example-enterprises.com`,
          company: `${long} Holdings ${i}`,
          position: `Vice President of ${long}`,
        },
      });
      expect(response.status()).toBe(201);
    }

    await signIn('customer', `/lead-search/saved-lists/people-${listId}`);
    await expect(page.getByTestId('result-row')).toHaveCount(20);
    await expectTablesFit(page);
    // The last column is reachable by scrolling inside the frame, and the header stays in view.
    const frame = page.getByRole('region', { name: 'Results' });
    await frame.evaluate((el) => el.scrollTo(el.scrollWidth, el.scrollHeight));
    await expect(page.getByRole('columnheader', { name: 'Credits' })).toBeInViewport();

    // With a row's box scrolled under the sticky header, a click on the header's box is the header's: "Select all on
    // this page" selects every loaded row (the row's box, laid over its drawn box, once took it and selected that row).
    await expect(page.getByTestId('list-end')).toHaveAttribute('data-shown', '25');
    await frame.evaluate((el) => el.scrollTo({ left: 0 }));
    const selectPage = page.getByRole('checkbox', { name: 'Select all on this page' });
    const headerBox = (await selectPage.boundingBox())!;
    const rowBox = (await page.getByTestId('result-row').nth(5).getByRole('checkbox').boundingBox())!;
    await frame.evaluate((el, by) => el.scrollBy(0, by), rowBox.y - headerBox.y);
    // Where the header's box is drawn now (the selection bar shown by the first click moves the table down).
    const clickSelectPage = async () => {
      const at = (await selectPage.boundingBox())!;
      await page.mouse.click(at.x + at.width / 2, at.y + at.height / 2);
    };
    await clickSelectPage();
    await expect(selectPage).toBeChecked();
    await expect(page.getByTestId('selection-count')).toHaveText('25 selected');
    await clickSelectPage();
    await expect(selectPage).not.toBeChecked();

    // Row actions: on the row itself.
    const first = page.getByTestId('result-row').first();
    await first.getByTestId('row-actions').click();
    await expect(page.getByRole('menuitem', { name: /Get phones/ })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Open details' }).click();
    // The details open in a side panel beside the table; Escape closes it.
    const details = page.getByTestId('result-drawer');
    await expect(details.getByRole('link', { name: 'Open full page' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();

    // The AI prompt panel opens below the bulk bar, not inside it.
    await page.getByTestId('result-row').first().getByRole('checkbox').check();
    const bar = page.getByRole('region', { name: 'Selection' });
    await bar.getByRole('button', { name: 'AI', exact: true }).click();
    const panel = page.getByRole('region', { name: 'AI prompts' });
    await expect(panel).toBeVisible();
    await expect(bar.getByRole('region', { name: 'AI prompts' })).toHaveCount(0);

    for (const path of ['/lead-search/saved-lists', '/settings/credit-usage', '/lead-search/custom-labels']) {
      await page.goto(path);
      await expect(shell.content.getByRole('heading', { level: 1 })).toBeVisible();
      await expectTablesFit(page);
    }
  });

  test('at 1280 px the admin and reseller tables fit their frames', async ({ page, signIn, shell }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn('admin', '/admin/users');
    for (const path of [
      '/admin/users',
      '/admin/plans',
      '/admin/user-analytics/credit-usage',
      '/admin/reports/subscriptions',
      '/whitelabel/packages',
      '/whitelabel/subscriptions',
    ]) {
      await shell.navigateInApp(path);
      await expect(shell.content.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status').filter({ has: page.locator('.chakra-spinner') })).toHaveCount(0);
      await expectTablesFit(page);
    }
  });
});
