import { expect, type Locator, type Page } from '@playwright/test';

/** Page object for the super-admin area's lists: rows, row actions menu, confirm dialog. */
export class AdminPage {
  constructor(readonly page: Page) {}

  table(name: string): Locator {
    return this.page.getByRole('table', { name });
  }

  row(tableName: string, text: string): Locator {
    return this.table(tableName).getByRole('row').filter({ hasText: text });
  }

  /** Opens a user's actions menu and picks an item, then confirms the dialog. */
  async userAction(name: string, item: string, confirm: string): Promise<void> {
    await this.page.getByRole('button', { name: `Actions for ${name}` }).click();
    await this.page.getByRole('menuitem', { name: item }).click();
    await this.confirm(confirm);
  }

  async confirm(button: string): Promise<void> {
    const dialog = this.page.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: button }).click();
  }
}
