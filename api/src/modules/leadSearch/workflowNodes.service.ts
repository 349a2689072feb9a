import {
  CONNECTION_TARGETS,
  CONTENT_TYPES,
  ENRICH_ACTIONS,
  FILTER_FIELDS,
  FILTER_OPERATORS,
  LABEL_ACTIONS,
  looseNodes,
  NODE_KINDS,
  TRIGGER_MODES,
  WORKFLOW_REPEATS,
  type NodeKind,
} from '@leadsmith/shared/constants';
import type { Queryable } from '../../db';
import { ApiError, validationError, type FieldIssue } from '../../http/errors';
import type { MessageCode } from '../../i18n/messages';
import { notFound } from './campaigns.service';
import { checkFilters, filtersSchema } from './searchFilters.schemas';
import { countOwnedLabels, countOwnedLists, ownedListType } from './workflows.repository';
import { isTimeZone } from '../../schedule/recurrence';

/** The node kinds, their settings' choices and the loose-node rule are shared's (the builder uses them too). */
export {
  CONNECTION_TARGETS,
  CONTENT_TYPES,
  ENRICH_ACTIONS,
  FILTER_FIELDS,
  FILTER_OPERATORS,
  LABEL_ACTIONS,
  looseNodes,
  NODE_KINDS,
  TRIGGER_MODES,
  WORKFLOW_REPEATS,
  type NodeKind,
};

/** Bounds of one workflow. */
export const MAX_NODES = 30;
export const MAX_EDGES = 60;
/** Most results flowing through one node of a run (one search asks for at most this many too). */
export const MAX_ITEMS = 1000;

export interface FilterCondition {
  field: (typeof FILTER_FIELDS)[number];
  operator: (typeof FILTER_OPERATORS)[number];
  value?: string;
}

/** Every setting any kind has; `SETTINGS_BY_KIND` says which belong to which kind. */
export interface NodeSettings {
  mode?: (typeof TRIGGER_MODES)[number];
  repeat?: (typeof WORKFLOW_REPEATS)[number] | null;
  /** IANA zone the schedule's slots are counted in (api/src/schedule); UTC when absent. */
  time_zone?: string;
  source_campaign_id?: number | null;
  source_limit?: number;
  campaign_id?: number | null;
  location?: string;
  count?: number;
  filters?: Record<string, unknown>;
  match?: 'all' | 'any';
  conditions?: FilterCondition[];
  prompt?: string;
  output_key?: string;
  content_type?: (typeof CONTENT_TYPES)[number];
  enrich?: (typeof ENRICH_ACTIONS)[number];
  label_id?: number | null;
  label_action?: (typeof LABEL_ACTIONS)[number];
  target?: (typeof CONNECTION_TARGETS)[number];
  only_with_email?: boolean;
}

export interface WorkflowNode {
  id: string;
  kind: NodeKind;
  label?: string;
  position: { x: number; y: number };
  settings: NodeSettings;
}

export interface WorkflowEdge {
  id?: string;
  source: string;
  target: string;
}

const id = { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 } as const;

/** JSON schema of a node's settings: the union of every kind's fields (types, enums, bounds). */
export const settingsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    mode: { type: 'string', enum: TRIGGER_MODES },
    repeat: { type: ['string', 'null'], enum: [...WORKFLOW_REPEATS, null] },
    time_zone: { type: 'string', minLength: 1, maxLength: 64 },
    source_campaign_id: id,
    source_limit: { type: 'integer', minimum: 1, maximum: MAX_ITEMS },
    campaign_id: id,
    location: { type: 'string', maxLength: 200 },
    count: { type: 'integer', minimum: 1, maximum: MAX_ITEMS },
    filters: filtersSchema,
    match: { type: 'string', enum: ['all', 'any'] },
    conditions: {
      type: 'array',
      maxItems: 10,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['field', 'operator'],
        properties: {
          field: { type: 'string', enum: FILTER_FIELDS },
          operator: { type: 'string', enum: FILTER_OPERATORS },
          value: { type: 'string', maxLength: 200 },
        },
      },
    },
    prompt: { type: 'string', maxLength: 2000 },
    output_key: { type: 'string', maxLength: 40, pattern: '^([a-z][a-z0-9_]*)?$' },
    content_type: { type: 'string', enum: CONTENT_TYPES },
    enrich: { type: 'string', enum: ENRICH_ACTIONS },
    label_id: id,
    label_action: { type: 'string', enum: LABEL_ACTIONS },
    target: { type: 'string', enum: CONNECTION_TARGETS },
    only_with_email: { type: 'boolean' },
  },
} as const;

export const nodeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'kind', 'position', 'settings'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$' },
    kind: { type: 'string', enum: NODE_KINDS },
    label: { type: 'string', maxLength: 60 },
    position: {
      type: 'object',
      additionalProperties: false,
      required: ['x', 'y'],
      properties: {
        x: { type: 'number', minimum: -100000, maximum: 100000 },
        y: { type: 'number', minimum: -100000, maximum: 100000 },
      },
    },
    settings: settingsSchema,
  },
} as const;

export const edgeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['source', 'target'],
  properties: {
    id: { type: 'string', maxLength: 100 },
    source: { type: 'string', minLength: 1, maxLength: 40 },
    target: { type: 'string', minLength: 1, maxLength: 40 },
  },
} as const;

type SettingKey = keyof NodeSettings;

/** The settings each kind may carry, and those it needs before the workflow can be published. */
export const SETTINGS_BY_KIND: Readonly<
  Record<NodeKind, { allowed: readonly SettingKey[]; required: readonly SettingKey[] }>
> = {
  trigger: { allowed: ['mode', 'repeat', 'time_zone', 'source_campaign_id', 'source_limit'], required: ['mode'] },
  search: { allowed: ['campaign_id', 'location', 'count', 'filters'], required: ['campaign_id', 'location', 'count'] },
  filter: { allowed: ['match', 'conditions'], required: ['conditions'] },
  research: { allowed: ['prompt', 'output_key'], required: ['prompt', 'output_key'] },
  content: { allowed: ['content_type', 'prompt', 'output_key'], required: ['content_type', 'output_key'] },
  enrichment: { allowed: ['enrich'], required: ['enrich'] },
  label: { allowed: ['label_id', 'label_action'], required: ['label_id'] },
  connection: { allowed: ['target', 'only_with_email'], required: ['target'] },
};

const filled = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

/**
 * Save-time checks JSON schema cannot say: a kind's foreign settings, unique node ids, edges between
 * existing nodes (no self loop, no duplicate), and rows the settings point at belonging to the account
 * (another account's list or label → 404). An unfinished graph is fine for a draft.
 */
export async function checkGraph(
  db: Queryable,
  userId: number,
  nodes: WorkflowNode[],
  edges: WorkflowEdge[],
): Promise<void> {
  const issues: FieldIssue[] = [];
  const seen = new Set<string>();
  nodes.forEach((node, index) => {
    if (seen.has(node.id)) issues.push({ field: `nodes.${index}.id`, code: 'leadSearch.workflow.duplicate_node' });
    seen.add(node.id);
    const allowed = new Set<string>(SETTINGS_BY_KIND[node.kind].allowed);
    for (const key of Object.keys(node.settings)) {
      if (!allowed.has(key)) issues.push({ field: `nodes.${index}.settings.${key}`, code: 'validation.unknown_field' });
    }
    if (node.settings.time_zone !== undefined && !isTimeZone(node.settings.time_zone)) {
      issues.push({ field: `nodes.${index}.settings.time_zone`, code: 'validation.time_zone' });
    }
    node.settings.conditions?.forEach((c, ci) => {
      if (c.field !== 'has_email' && c.field !== 'has_phone' && !filled(c.value?.trim())) {
        issues.push({ field: `nodes.${index}.settings.conditions.${ci}.value`, code: 'validation.required' });
      }
      const textOnly = ['job_title', 'company', 'name', 'city', 'website', 'label'].includes(c.field);
      if (!textOnly && (c.operator === 'contains' || c.operator === 'not_contains')) {
        issues.push({
          field: `nodes.${index}.settings.conditions.${ci}.operator`,
          code: 'leadSearch.workflow.operator_field',
        });
      }
      if (
        (c.field === 'has_email' || c.field === 'has_phone') &&
        c.value !== undefined &&
        c.value !== '' &&
        !['true', 'false'].includes(c.value)
      ) {
        issues.push({ field: `nodes.${index}.settings.conditions.${ci}.value`, code: 'validation.invalid' });
      }
      if (c.field === 'email_status' && c.value && !['found', 'potential', 'not_found', 'looking'].includes(c.value)) {
        issues.push({ field: `nodes.${index}.settings.conditions.${ci}.value`, code: 'validation.invalid' });
      }
    });
  });
  const pairs = new Set<string>();
  edges.forEach((edge, index) => {
    if (!seen.has(edge.source))
      issues.push({ field: `edges.${index}.source`, code: 'leadSearch.workflow.edge_unknown_node' });
    if (!seen.has(edge.target))
      issues.push({ field: `edges.${index}.target`, code: 'leadSearch.workflow.edge_unknown_node' });
    if (edge.source === edge.target)
      issues.push({ field: `edges.${index}.target`, code: 'leadSearch.workflow.self_loop' });
    const key = `${edge.source}\u0000${edge.target}`;
    if (pairs.has(key)) issues.push({ field: `edges.${index}.target`, code: 'leadSearch.workflow.duplicate_edge' });
    pairs.add(key);
  });
  if (issues.length) throw validationError(...issues);

  // Referenced rows must be the account's own.
  const lists = new Set<number>();
  const labels = new Set<number>();
  for (const node of nodes) {
    for (const value of [node.settings.campaign_id, node.settings.source_campaign_id])
      if (typeof value === 'number') lists.add(value);
    if (typeof node.settings.label_id === 'number') labels.add(node.settings.label_id);
  }
  if (lists.size) {
    if ((await countOwnedLists(db, userId, [...lists])) !== lists.size) throw notFound();
  }
  if (labels.size) {
    if ((await countOwnedLabels(db, userId, [...labels])) !== labels.size) throw notFound();
  }
}

/** Order of execution (Kahn), or null when the edges make a cycle. */
export function topologicalOrder(nodes: readonly WorkflowNode[], edges: readonly WorkflowEdge[]): string[] | null {
  const indegree = new Map(nodes.map((n) => [n.id, 0]));
  const next = new Map<string, string[]>(nodes.map((n) => [n.id, []]));
  for (const e of edges) {
    if (!indegree.has(e.source) || !indegree.has(e.target)) continue;
    indegree.set(e.target, indegree.get(e.target)! + 1);
    next.get(e.source)!.push(e.target);
  }
  // Triggers first, then the canvas order, so the log reads top to bottom.
  const queue = nodes.filter((n) => indegree.get(n.id) === 0).map((n) => n.id);
  const order: string[] = [];
  while (queue.length) {
    const current = queue.shift()!;
    order.push(current);
    for (const target of next.get(current)!) {
      indegree.set(target, indegree.get(target)! - 1);
      if (indegree.get(target) === 0) queue.push(target);
    }
  }
  return order.length === nodes.length ? order : null;
}

/** A publish refusal: 422 with the code, the node it concerns (for the builder to highlight) and the field. */
function refuse(
  code: MessageCode,
  nodeIds: string[] = [],
  field = 'nodes',
  params?: Record<string, string | number>,
): ApiError {
  return new ApiError(422, code, {
    field,
    params,
    extra: nodeIds.length ? { node_id: nodeIds[0]!, node_ids: nodeIds.join(',') } : undefined,
  });
}

/**
 * Spec §4/§5: a workflow is published only when it is whole: exactly one trigger with nothing before it,
 * every node connected to it, no cycle, every node's settings complete and valid for its list.
 */
export async function checkPublishable(
  db: Queryable,
  userId: number,
  nodes: WorkflowNode[],
  edges: WorkflowEdge[],
): Promise<void> {
  await checkGraph(db, userId, nodes, edges);
  const triggers = nodes.filter((n) => n.kind === 'trigger');
  if (triggers.length === 0) throw refuse('leadSearch.workflow.no_trigger');
  if (triggers.length > 1) throw refuse('leadSearch.workflow.two_triggers', triggers.map((t) => t.id).slice(1));
  const trigger = triggers[0]!;
  if (nodes.length < 2) throw refuse('leadSearch.workflow.empty', [trigger.id]);
  if (edges.some((e) => e.target === trigger.id)) throw refuse('leadSearch.workflow.trigger_input', [trigger.id]);
  const loose = looseNodes(nodes, edges);
  if (loose.length) throw refuse('leadSearch.workflow.not_connected', loose);
  if (!topologicalOrder(nodes, edges)) throw refuse('leadSearch.workflow.cycle');

  for (const [index, node] of nodes.entries()) {
    const s = node.settings;
    const fail = (key: string) =>
      refuse('leadSearch.workflow.node_settings', [node.id], `nodes.${index}.settings.${key}`, { name: key });
    for (const key of SETTINGS_BY_KIND[node.kind].required)
      if (!filled(typeof s[key] === 'string' ? (s[key] as string).trim() : s[key])) throw fail(key);
    if (node.kind === 'trigger' && s.mode === 'schedule' && !s.repeat) throw fail('repeat');
    if (node.kind === 'search') {
      const list = await ownedListType(db, userId, s.campaign_id ?? null);
      if (!list) throw notFound();
      try {
        checkFilters(list.list_type, s.filters ?? {});
      } catch (error) {
        const issue = error instanceof ApiError ? error.options.issues?.[0] : undefined;
        if (!issue) throw error;
        throw refuse('leadSearch.workflow.node_settings', [node.id], `nodes.${index}.settings.${issue.field}`, {
          name: issue.field,
        });
      }
    }
  }
}
