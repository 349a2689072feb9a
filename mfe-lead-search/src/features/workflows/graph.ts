import { looseNodes } from '@leadsmith/shared';
import type { NodeKind, NodeSettings, WorkflowEdge, WorkflowNode } from './api/getWorkflows';

/** Nodes the trigger does not reach: the "connect all nodes before continuing" ones (the API's rule, from shared). */
export { looseNodes };

/** True when an edge source → target would close a loop (target already leads to source). */
export function wouldCycle(edges: readonly WorkflowEdge[], source: string, target: string): boolean {
  if (source === target) return true;
  const stack = [target];
  const seen = new Set<string>();
  while (stack.length) {
    const current = stack.pop()!;
    if (current === source) return true;
    if (seen.has(current)) continue;
    seen.add(current);
    for (const e of edges) if (e.source === current) stack.push(e.target);
  }
  return false;
}

/** Whether source → target may be added: no duplicate, no loop, nothing into the trigger. */
export function canConnect(
  nodes: readonly WorkflowNode[],
  edges: readonly WorkflowEdge[],
  source: string,
  target: string,
): boolean {
  const to = nodes.find((n) => n.id === target);
  if (!to || to.kind === 'trigger' || !nodes.some((n) => n.id === source)) return false;
  if (edges.some((e) => e.source === source && e.target === target)) return false;
  return !wouldCycle(edges, source, target);
}

/** The next free node id (n1, n2, …). */
export function nextNodeId(nodes: readonly WorkflowNode[]): string {
  let max = 0;
  for (const n of nodes) {
    const m = /^n(\d+)$/.exec(n.id);
    if (m) max = Math.max(max, Number(m[1]));
  }
  return `n${max + 1}`;
}

/** Settings a new node of each kind starts with. */
export function defaultSettings(kind: NodeKind): NodeSettings {
  switch (kind) {
    case 'trigger':
      return { mode: 'manual' };
    case 'search':
      return { campaign_id: null, location: '', count: 20, filters: {} };
    case 'filter':
      return { match: 'all', conditions: [{ field: 'has_email', operator: 'is', value: 'true' }] };
    case 'research':
      return { prompt: 'What does {company} do, and what might {name} care about?', output_key: 'research' };
    case 'content':
      return { content_type: 'first_line', prompt: '', output_key: 'first_line' };
    case 'enrichment':
      return { enrich: 'get_phones' };
    case 'label':
      return { label_id: null, label_action: 'add' };
    case 'connection':
      return { target: 'list_webhook', only_with_email: false };
  }
}

/** Where a node added from the palette goes: below the lowest node. */
export function nextPosition(nodes: readonly WorkflowNode[]): { x: number; y: number } {
  if (!nodes.length) return { x: 0, y: 0 };
  const lowest = nodes.reduce((a, b) => (b.position.y > a.position.y ? b : a));
  return { x: lowest.position.x, y: lowest.position.y + 120 };
}

/** Field path of a publish/save error (`nodes.2.settings.location`) → the node and its setting. */
export function nodeFieldOf(
  field: string | undefined,
  nodes: readonly WorkflowNode[],
): { nodeId: string; setting: string } | null {
  const m = /^nodes\.(\d+)\.settings\.(.+)$/.exec(field ?? '');
  if (!m) return null;
  const node = nodes[Number(m[1])];
  return node ? { nodeId: node.id, setting: m[2]! } : null;
}
