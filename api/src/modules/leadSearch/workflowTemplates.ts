import type { NodeKind, NodeSettings, WorkflowEdge, WorkflowNode } from './workflowNodes.service';

/** A prebuilt workflow to start from (spec §2 "workflow builder with prebuilt templates"). Names are translated by the UI by key. */
export interface WorkflowTemplate {
  key: string;
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
}

/** A straight chain laid out top to bottom: node ids n1…nN, edges between neighbours. */
function chain(steps: [NodeKind, NodeSettings][]): Pick<WorkflowTemplate, 'nodes' | 'edges'> {
  const nodes = steps.map(([kind, settings], i) => ({
    id: `n${i + 1}`,
    kind,
    position: { x: 0, y: i * 120 },
    settings,
  }));
  const edges = nodes.slice(1).map((node, i) => ({ id: `e${i + 1}`, source: nodes[i]!.id, target: node.id }));
  return { nodes, edges };
}

/**
 * The prebuilt templates. Settings that name the account's own rows (list, label) are left for the user
 * to choose in the builder; publishing asks for them.
 */
export const WORKFLOW_TEMPLATES: readonly WorkflowTemplate[] = [
  {
    key: 'local_enrich_label_webhook',
    ...chain([
      ['trigger', { mode: 'manual' }],
      ['search', { campaign_id: null, location: '', count: 20, filters: { categories: [] } }],
      ['enrichment', { enrich: 'get_employees' }],
      ['label', { label_id: null, label_action: 'add' }],
      ['connection', { target: 'list_webhook', only_with_email: false }],
    ]),
  },
  {
    key: 'people_research_outreach',
    ...chain([
      ['trigger', { mode: 'manual' }],
      ['search', { campaign_id: null, location: '', count: 20, filters: { job_title: '' } }],
      ['filter', { match: 'all', conditions: [{ field: 'email_status', operator: 'is', value: 'found' }] }],
      [
        'research',
        { prompt: 'What does {company} do, and what might {name} ({job_title}) care about?', output_key: 'research' },
      ],
      ['content', { content_type: 'first_line', prompt: '', output_key: 'first_line' }],
      ['connection', { target: 'list_webhook', only_with_email: true }],
    ]),
  },
  {
    key: 'weekly_list_triage',
    ...chain([
      ['trigger', { mode: 'schedule', repeat: 'weekly', source_campaign_id: null, source_limit: 100 }],
      ['filter', { match: 'all', conditions: [{ field: 'has_phone', operator: 'is', value: 'true' }] }],
      ['label', { label_id: null, label_action: 'add' }],
    ]),
  },
  {
    key: 'influencer_enrich',
    ...chain([
      ['trigger', { mode: 'manual' }],
      ['search', { campaign_id: null, location: '', count: 10, filters: { platforms: ['instagram'] } }],
      ['enrichment', { enrich: 'enrich_influencer' }],
      ['filter', { match: 'all', conditions: [{ field: 'has_email', operator: 'is', value: 'true' }] }],
      ['label', { label_id: null, label_action: 'add' }],
    ]),
  },
];

export const TEMPLATE_KEYS = WORKFLOW_TEMPLATES.map((t) => t.key);
