import { test, expect } from '../support/fixtures';
import { auth, createList } from '../support/LeadSearch2Api';
import { startWebhookReceiver } from '../support/LeadSearchServers';
import { WorkflowBuilderPage } from '../support/WorkflowBuilderPage';
import { api } from '../support/api';
import { apiToken } from '../support/session';

test.describe('lead search: workflows', () => {
  test('build from a template, blocked with a loose node, connect it, publish, run, read the run log', async ({
    page,
    signIn,
    request,
    expectAccessible,
  }) => {
    test.slow();
    const receiver = await startWebhookReceiver();
    try {
      const token = await apiToken(request, 'customer');
      const stamp = Date.now();
      const listName = `Workflow shops ${stamp}`;
      const listId = await createList(request, token, listName, 'local');
      expect(
        (
          await request.post(`/api/campaign-webhook-setup/${listId}`, {
            headers: auth(token),
            data: { url: receiver.url },
          })
        ).status(),
      ).toBe(200);
      const labelName = `Wf ${stamp}`.slice(0, 40);
      expect(
        (await request.post('/api/custom-labels', { headers: auth(token), data: { name: labelName } })).status(),
      ).toBe(201);

      const builder = new WorkflowBuilderPage(page);
      await signIn('customer', '/lead-search/workflow');
      await expect(builder.heading('Workflows')).toBeVisible();
      await builder.createFromTemplate('Local businesses → employees → label → webhook', `Shops flow ${stamp}`);
      await expect(page).toHaveURL(/\/lead-search\/workflow\/\d+$/);
      for (const id of ['n1', 'n2', 'n3', 'n4', 'n5']) await expect(builder.node(id)).toBeVisible();

      // The search node: list, location, category and size.
      let panel = await builder.selectNode('n2', 'Search');
      await panel.getByLabel('List', { exact: true }).selectOption({ label: `${listName} (Local)` });
      await panel.getByLabel('Location').fill('Lyon');
      await panel.getByLabel('Number of results').fill('5');
      await panel.getByLabel('Business category').selectOption('Restaurant');
      // The label node: one of the account's custom labels.
      panel = await builder.selectNode('n4', 'Label');
      await panel.getByLabel('Custom label').selectOption({ label: labelName });
      await page.getByRole('button', { name: 'Save draft' }).click();
      await expect(page.getByText('Workflow saved as a draft.').first()).toBeVisible();
      await expectAccessible();

      // A loose node blocks publishing, and is marked on the canvas.
      await page.getByRole('button', { name: 'Add Filter node' }).click();
      await expect(builder.node('n6')).toBeVisible();
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await expect(builder.problem()).toHaveText('Connect all nodes before continuing.');
      await expect(builder.node('n6')).toHaveAttribute('data-loose', 'true');
      await expect(builder.node('n6')).toContainText('Not connected');
      await expect(builder.node('n5')).toHaveAttribute('data-loose', 'false');

      // Connect it without dragging: "Connect to" in the webhook node's settings.
      panel = await builder.selectNode('n5', 'Connection');
      await panel.getByLabel('Connect to').selectOption({ label: 'Filter (n6)' });
      await panel.getByRole('button', { name: 'Connect', exact: true }).click();
      await expect(panel.getByTestId('node-connection')).toHaveText(/Filter \(n6\)/);
      await expect(builder.problem()).toHaveCount(0);
      await expect(builder.node('n6')).toHaveAttribute('data-loose', 'false');

      // Publish after confirming.
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Publish this workflow?' });
      await confirm.getByRole('button', { name: 'Publish' }).click();
      await expect(page.getByText('Workflow published.').first()).toBeVisible();
      await expect(page.getByTestId('workflow-status')).toHaveText('Published');
      await expect(page.getByRole('button', { name: 'Add Filter node' })).toHaveCount(0);

      // Run it and read each node's counts in the run log.
      await page.getByRole('button', { name: 'Run now' }).click();
      const detail = page.getByTestId('run-detail');
      await expect(detail).toHaveAttribute('data-status', 'done', { timeout: 45_000 });
      await expect(page.getByTestId('run-node')).toHaveCount(6);
      for (const id of ['n1', 'n2', 'n3', 'n4', 'n5', 'n6'])
        await expect(builder.runNode(id)).toHaveAttribute('data-status', 'done');
      await expect(builder.runNode('n1').getByTestId('run-node-out')).toHaveText('0');
      await expect(builder.runNode('n2').getByTestId('run-node-out')).toHaveText('5');
      for (const id of ['n3', 'n4', 'n5']) {
        await expect(builder.runNode(id).getByTestId('run-node-in')).toHaveText('5');
        await expect(builder.runNode(id).getByTestId('run-node-out')).toHaveText('5');
      }
      await expect(builder.runNode('n6').getByTestId('run-node-in')).toHaveText('5');
      await expect(builder.runNode('n5').getByTestId('run-node-detail')).toHaveText('5 sent');
      const searchCredits = Number(await builder.runNode('n2').getByTestId('run-node-credits').textContent());
      expect(searchCredits).toBeGreaterThanOrEqual(0);
      expect(searchCredits).toBeLessThanOrEqual(5);
      await expect(page.getByTestId('workflow-run').first()).toHaveAttribute('data-status', 'done');
      await expectAccessible();

      // The results went to the list's webhook with the label on them.
      expect(receiver.deliveries).toHaveLength(1);
      expect(receiver.deliveries[0]!.body.results).toHaveLength(5);
      const results = await api(request).post('/api/local-results/{id}', {
        path: { id: listId },
        headers: auth(token),
        data: {},
      });
      expect(results.total).toBe(5);
      for (const r of results.data) expect(r.labels).toContain(labelName);

      // The list shows the workflow as published with its last run.
      await page.getByRole('button', { name: /Back/ }).click();
      await expect(builder.heading('Workflows')).toBeVisible();
      const row = page.getByRole('row').filter({ hasText: `Shops flow ${stamp}` });
      await expect(row.getByTestId('workflow-status')).toHaveText('Published');
      await expect(row.getByTestId('workflow-last-run')).toContainText('Done');
    } finally {
      await receiver.close();
    }
  });

  test('add a node by dragging it from the palette and connect it by its handles', async ({
    page,
    signIn,
    request,
  }) => {
    const token = await apiToken(request, 'customer');
    const { workflow } = await api(request).post('/api/workflows', {
      headers: auth(token),
      data: { name: `Drag flow ${Date.now()}` },
      status: 201,
    });
    const builder = new WorkflowBuilderPage(page);
    await signIn('customer', `/lead-search/workflow/${workflow.id}`);
    await expect(builder.node('n1')).toBeVisible();
    await page
      .getByTestId('palette-drag-label')
      .dragTo(page.getByTestId('workflow-canvas'), { targetPosition: { x: 80, y: 40 } });
    await expect(builder.node('n2')).toBeVisible();
    await expect(page.locator('.react-flow__edge')).toHaveCount(0);
    await builder
      .node('n1')
      .locator('.react-flow__handle.source')
      .dragTo(builder.node('n2').locator('.react-flow__handle.target'));
    await expect(page.locator('.react-flow__edge')).toHaveCount(1);
    const panel = await builder.selectNode('n1', 'Trigger');
    await expect(panel.getByTestId('node-connection')).toHaveText(/Label \(n2\)/);
  });

  test('delete a workflow after confirming', async ({ page, signIn, request }) => {
    const token = await apiToken(request, 'customer');
    const name = `Throwaway flow ${Date.now()}`;
    expect((await request.post('/api/workflows', { headers: auth(token), data: { name } })).status()).toBe(201);
    await signIn('customer', '/lead-search/workflow');
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete this workflow?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('Workflow deleted.').first()).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  });
});
