import { expect, type Locator, type Page } from '@playwright/test';

/** Page object of the white-label area's screens (drives them by label and role, like a person). */
export class WhitelabelPages {
  constructor(readonly page: Page) {}

  field(label: string | RegExp): Locator {
    return this.page.getByLabel(label, { exact: typeof label === 'string' });
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save', exact: true }).click();
  }

  /** Waits for the toast the API's message shows. */
  async expectToast(text: string | RegExp): Promise<void> {
    await expect(this.page.getByText(text).first()).toBeVisible();
  }

  row(text: string): Locator {
    return this.page.getByRole('row').filter({ hasText: text });
  }

  /** Clicks a row action, then the confirm button of its dialog. */
  async confirmAction(actionName: string, confirmLabel: string): Promise<void> {
    await this.page.getByRole('button', { name: actionName }).click();
    const dialog = this.page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: confirmLabel, exact: true }).click();
    await expect(dialog).toBeHidden();
  }
}
