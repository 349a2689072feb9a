import { expect, type Locator, type Page } from '@playwright/test';

/** The workflow list and builder screens (lead-search/workflow, lead-search/workflow/{id}). */
export class WorkflowBuilderPage {
  constructor(readonly page: Page) {}

  heading(name: 'Workflows' | 'Workflow builder'): Locator {
    return this.page.getByRole('heading', { level: 1, name });
  }

  async createFromTemplate(templateName: string, name: string): Promise<void> {
    await this.page.getByRole('button', { name: 'New workflow' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Create a workflow' });
    await dialog.getByLabel('Start from').selectOption({ label: templateName });
    await expect(dialog.getByTestId('template-preview')).toBeVisible();
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByRole('button', { name: 'Create and open' }).click();
    await expect(this.heading('Workflow builder')).toBeVisible();
  }

  node(id: string): Locator {
    return this.page.getByTestId(`workflow-node-${id}`);
  }

  /** Selects a node by clicking it on the canvas; its settings panel opens. */
  async selectNode(id: string, kind: string): Promise<Locator> {
    await this.node(id).click();
    const panel = this.page.getByTestId('node-settings');
    await expect(panel.getByRole('heading', { level: 2, name: `${kind} settings` })).toBeVisible();
    return panel;
  }

  problem(): Locator {
    return this.page.getByTestId('workflow-problem');
  }

  runNode(id: string): Locator {
    return this.page.locator(`[data-testid="run-node"][data-node-id="${id}"]`);
  }
}
