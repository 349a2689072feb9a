import { expect, test } from '../support/fixtures';
import { addPeople, createList } from '../support/LeadSearch2Api';
import { openAs, registerFreshUser } from '../support/freshUser';
import { apiToken } from '../support/session';
import type { Locator } from '@playwright/test';

const typeface = (element: Locator) => element.evaluate((el) => getComputedStyle(el).fontFamily);

// One typeface on the page (issue 26 item 15): dialogs and menus are drawn in portals outside the frame, toasts in
// the library's own container; each reads in the frame's typeface, not the browser's or the library's default.
test("dialogs, menus and toasts of an area and of the shell are in the page's typeface", async ({
  page,
  signIn,
  request,
}) => {
  const token = await apiToken(request, 'customer');
  const listId = await createList(request, token, `Typeface ${Date.now()}`);
  await addPeople(request, token, listId, ['Bruno Typeface']);
  await signIn('customer', `/lead-search/saved-lists/people-${listId}`);
  // The React frame (the boot frame drawn before the code runs may still be beside it for a moment).
  const frame = await typeface(page.locator('.ls-frame:not([data-boot-frame])'));
  expect(frame).toMatch(/^Inter,/);

  await page.getByTestId('result-row').first().getByTestId('row-actions').click();
  expect(await typeface(page.getByRole('menuitem', { name: 'Delete' }))).toBe(frame);
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog');
  expect(await typeface(confirm)).toBe(frame);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  const toast = page.locator('.Toastify__toast').filter({ hasText: '1 result deleted.' });
  await expect(toast).toBeVisible();
  expect(await typeface(toast)).toBe(frame);

  // The shell's own dialog: the credit pop-up a new account gets after accepting the terms.
  await page.removeLocatorHandler(page.getByTestId('close-credit-popup'));
  await openAs(page, await registerFreshUser(request, 'typeface'), '/settings/business-profile');
  const popup = page.getByTestId('credit-popup');
  await expect(popup).toBeVisible();
  expect(await typeface(popup)).toBe(frame);
  await page.getByTestId('close-credit-popup').click();
  await expect(popup).toHaveCount(0);
});
