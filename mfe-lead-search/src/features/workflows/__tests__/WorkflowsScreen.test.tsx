import { registerAreaTranslations } from '@leadsmith/shared';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { NAMESPACE, translations } from '../../../locales';
import { WorkflowsScreen } from '../components/WorkflowsScreen';
import { NodeSettingsPanel } from '../components/NodeSettingsPanel';
import type { WorkflowNode } from '../api/getWorkflows';
import { saveWorkflow } from '../api/saveWorkflow';

registerAreaTranslations(NAMESPACE, translations);

const summary = (id: number, name: string, status: 'draft' | 'published') => ({
  id,
  name,
  description: '',
  status,
  template: null,
  node_count: 3,
  trigger_mode: 'manual',
  repeat: null,
  next_run_at: null,
  published_at: null,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  last_run:
    status === 'published'
      ? {
          id: 9,
          workflow_id: id,
          trigger: 'manual',
          status: 'done',
          scheduled_for: null,
          started_at: '2026-03-02T10:00:00.000Z',
          finished_at: null,
          items_out: 4,
          credits_spent: 2,
          error: null,
          error_node: null,
        }
      : null,
});

describe('workflows list', () => {
  it('shows status and last run, and deletes after confirming', async () => {
    let rows = [summary(1, 'Shops flow', 'published'), summary(2, 'Draft flow', 'draft')];
    const api = mockApi(({ method, url }) => {
      if (method === 'GET' && url === '/api/workflows')
        return { status: 200, body: { data: rows, currentPage: 1, pageSize: 20, total: rows.length } };
      if (method === 'GET' && url === '/api/workflow-templates') return { status: 200, body: { data: [] } };
      if (method === 'DELETE' && url === '/api/workflows/2') {
        rows = rows.filter((r) => r.id !== 2);
        return { status: 200, body: { code: 'leadSearch.workflow.deleted' } };
      }
      return undefined;
    });
    try {
      renderWithProviders(<WorkflowsScreen />, { route: '/workflow' });
      const table = await screen.findByRole('table', { name: 'Workflows' });
      const published = within(table).getByRole('row', { name: /Shops flow/ });
      expect(within(published).getByTestId('workflow-status')).toHaveTextContent('Published');
      expect(within(published).getByTestId('workflow-last-run')).toHaveTextContent('Done');
      expect(
        within(within(table).getByRole('row', { name: /Draft flow/ })).getByText('Not run yet'),
      ).toBeInTheDocument();

      fireEvent.click(screen.getByRole('button', { name: 'Delete Draft flow' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Delete this workflow?' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() =>
        expect(api.calls.some((c) => c.method === 'DELETE' && c.url === '/api/workflows/2')).toBe(true),
      );
      await waitFor(() => expect(screen.queryByRole('row', { name: /Draft flow/ })).toBeNull());
    } finally {
      api.restore();
    }
  });
});

describe('node settings panel', () => {
  it('validates a search node with yup and hands its settings to the builder as they change', async () => {
    const api = mockApi(({ url }) => {
      if (url === '/api/campaigns')
        return {
          status: 200,
          body: { data: [{ id: 7, name: 'Lyon shops', list_type: 'local' }], currentPage: 1, pageSize: 100, total: 1 },
        };
      if (url === '/api/custom-labels')
        return { status: 200, body: { data: [], currentPage: 1, pageSize: 100, total: 0 } };
      if (url === '/api/search-options')
        return { status: 200, body: { place_types: ['Restaurant', 'Dentist'], industries: [], platforms: [] } };
      return undefined;
    });
    const node: WorkflowNode = {
      id: 'n2',
      kind: 'search',
      position: { x: 0, y: 0 },
      settings: { campaign_id: null, location: '', count: 20, filters: {} },
    };
    const trigger: WorkflowNode = { id: 'n1', kind: 'trigger', position: { x: 0, y: 0 }, settings: { mode: 'manual' } };
    const onChange = jest.fn();
    const onConnect = jest.fn();
    try {
      renderWithProviders(
        <NodeSettingsPanel
          node={node}
          nodes={[trigger, node, { id: 'n3', kind: 'label', position: { x: 0, y: 0 }, settings: {} }]}
          edges={[{ source: 'n1', target: 'n2' }]}
          readOnly={false}
          serverError={null}
          onChange={onChange}
          onConnect={onConnect}
          onDisconnect={jest.fn()}
          onDelete={jest.fn()}
        />,
      );
      const location = await screen.findByLabelText('Location');
      fireEvent.change(location, { target: { value: 'Lyon' } });
      fireEvent.change(location, { target: { value: '' } });
      expect(await screen.findByText('This field is required')).toBeInTheDocument();
      fireEvent.change(screen.getByLabelText('List'), { target: { value: '7' } });
      fireEvent.change(await screen.findByLabelText('Business category'), { target: { value: 'Restaurant' } });
      fireEvent.change(location, { target: { value: 'Lyon' } });
      await waitFor(() =>
        expect(onChange).toHaveBeenLastCalledWith(
          { campaign_id: 7, location: 'Lyon', count: 20, filters: { categories: ['Restaurant'] } },
          '',
        ),
      );
      expect(screen.getByText('Receives results from: Trigger (n1)')).toBeInTheDocument();
      fireEvent.change(screen.getByLabelText('Connect to'), { target: { value: 'n3' } });
      fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
      expect(onConnect).toHaveBeenCalledWith('n3');
    } finally {
      api.restore();
    }
  });

  it("a scheduled trigger takes a time zone, the browser's by default", async () => {
    const api = mockApi(({ url }) => {
      if (url === '/api/campaigns') return { status: 200, body: { data: [], currentPage: 1, pageSize: 100, total: 0 } };
      if (url === '/api/custom-labels')
        return { status: 200, body: { data: [], currentPage: 1, pageSize: 100, total: 0 } };
      if (url === '/api/search-options')
        return { status: 200, body: { place_types: [], industries: [], platforms: [] } };
      return undefined;
    });
    const trigger: WorkflowNode = { id: 'n1', kind: 'trigger', position: { x: 0, y: 0 }, settings: { mode: 'manual' } };
    const onChange = jest.fn();
    try {
      renderWithProviders(
        <NodeSettingsPanel
          node={trigger}
          nodes={[trigger]}
          edges={[]}
          readOnly={false}
          serverError={null}
          onChange={onChange}
          onConnect={jest.fn()}
          onDisconnect={jest.fn()}
          onDelete={jest.fn()}
        />,
      );
      expect(screen.queryByLabelText('Time zone')).toBeNull();
      fireEvent.change(await screen.findByLabelText('Starts'), { target: { value: 'schedule' } });
      const zone = await screen.findByLabelText('Time zone');
      expect(zone).toHaveValue(Intl.DateTimeFormat().resolvedOptions().timeZone);
      expect(within(zone).getByRole('option', { name: /^Europe\/Paris \(GMT[+−-]\d\d:\d\d\)$/ })).toBeInTheDocument();
      fireEvent.change(screen.getByLabelText('Repeat'), { target: { value: 'monthly' } });
      fireEvent.change(zone, { target: { value: 'Europe/Paris' } });
      await waitFor(() =>
        expect(onChange).toHaveBeenLastCalledWith(
          { mode: 'schedule', repeat: 'monthly', time_zone: 'Europe/Paris', source_campaign_id: null },
          '',
        ),
      );
    } finally {
      api.restore();
    }
  });
});

describe('saving a draft', () => {
  it("gives a scheduled trigger without a zone the browser's, and keeps a chosen one", async () => {
    const api = mockApi(({ method, body }) =>
      method === 'PUT' ? { status: 200, body: { workflow: body } } : undefined,
    );
    try {
      const trigger = (settings: WorkflowNode['settings']): WorkflowNode => ({
        id: 't',
        kind: 'trigger',
        position: { x: 0, y: 0 },
        settings,
      });
      await saveWorkflow({
        id: 3,
        name: 'Flow',
        description: '',
        nodes: [trigger({ mode: 'schedule', repeat: 'daily' })],
        edges: [],
      });
      await saveWorkflow({
        id: 3,
        name: 'Flow',
        description: '',
        nodes: [trigger({ mode: 'schedule', repeat: 'daily', time_zone: 'Asia/Tokyo' })],
        edges: [],
      });
      await saveWorkflow({ id: 3, name: 'Flow', description: '', nodes: [trigger({ mode: 'manual' })], edges: [] });
      const sent = api.calls.map((c) => (c.body as { nodes: WorkflowNode[] }).nodes[0]!.settings);
      expect(sent).toEqual([
        { mode: 'schedule', repeat: 'daily', time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone },
        { mode: 'schedule', repeat: 'daily', time_zone: 'Asia/Tokyo' },
        { mode: 'manual' },
      ]);
    } finally {
      api.restore();
    }
  });
});
