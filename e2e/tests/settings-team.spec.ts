import { test, expect } from '../support/fixtures';
import { outbox } from '../support/devRoutes';

test('team members: at least one access option, invite, edit access, remove', async ({
  page,
  signIn,
  shell,
  request,
  expectAccessible,
}) => {
  await signIn('reseller', '/manage-team');
  await expect(shell.heading('Team members')).toBeVisible();
  const email = `teammate-${Date.now()}@leadsmith.test`;
  await page.getByLabel('First name').fill('Tina');
  await page.getByLabel('Last name').fill('Team');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Select at least one access option')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Lead search' }).check();
  await page.getByRole('button', { name: 'Send invitation' }).click();
  const table = page.getByRole('table', { name: 'Your team' });
  const row = table.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Lead search');
  await expectAccessible();

  // The invitation went to the new member's inbox.
  expect(await outbox(request, email)).toHaveLength(1);

  await row.getByRole('button', { name: 'Edit Tina Team' }).click();
  await table.getByRole('checkbox', { name: 'AI tools' }).check();
  await table.getByRole('checkbox', { name: 'Lead search' }).uncheck();
  await table.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('AI tools');
  await expect(row).not.toContainText('Lead search');

  await row.getByRole('button', { name: 'Delete Tina Team' }).click();
  await row.getByRole('button', { name: 'Confirm deleting Tina Team' }).click();
  await expect(table.getByRole('row').filter({ hasText: email })).toHaveCount(0);
});
