/** Workflows (spec §8): the node kinds, their settings' choices and why a run stops, for the API and the builder. */

/** The node kinds of spec §2 ("trigger, search, filter, research, content, connection, enrichment, label"). */
export const NODE_KINDS = [
  'trigger',
  'search',
  'filter',
  'research',
  'content',
  'connection',
  'enrichment',
  'label',
] as const;
export type NodeKind = (typeof NODE_KINDS)[number];

export const TRIGGER_MODES = ['manual', 'schedule'] as const;
/** Repeat periods of a scheduled trigger (spec §9 periods; "one-time" is what "run now" does). */
export const WORKFLOW_REPEATS = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export const FILTER_FIELDS = [
  'email_status',
  'has_email',
  'has_phone',
  'job_title',
  'company',
  'name',
  'city',
  'website',
  'label',
] as const;
export const FILTER_OPERATORS = ['is', 'is_not', 'contains', 'not_contains'] as const;
export const CONTENT_TYPES = ['first_line', 'subject', 'email', 'summary'] as const;
export const ENRICH_ACTIONS = ['get_phones', 'get_employees', 'enrich_influencer'] as const;
export const LABEL_ACTIONS = ['add', 'remove'] as const;
export const CONNECTION_TARGETS = ['list_webhook'] as const;

/**
 * Why a run stopped, stored as a code the builder translates:
 * list_missing / label_missing (the row the settings named is gone), job_running (the list is being filled),
 * no_credits, limit_reached (monthly search limit), webhook_missing (spec §8 "selected list has no webhook"),
 * webhook_failed (the receiver refused every delivery), profile_incomplete (spec §5, AI nodes),
 * ai_failed (the AI provider did not answer), node_failed (anything else, logged).
 */
export const WORKFLOW_RUN_ERRORS = [
  'list_missing',
  'label_missing',
  'job_running',
  'no_credits',
  'limit_reached',
  'webhook_missing',
  'webhook_failed',
  'profile_incomplete',
  'ai_failed',
  'node_failed',
] as const;
export type WorkflowRunError = (typeof WORKFLOW_RUN_ERRORS)[number];

/** Nodes the trigger does not reach: the "loose" nodes of spec §8 "connect all nodes before continuing". */
export function looseNodes(
  nodes: readonly { id: string; kind: string }[],
  edges: readonly { source: string; target: string }[],
): string[] {
  const trigger = nodes.find((n) => n.kind === 'trigger');
  const reached = new Set<string>(trigger ? [trigger.id] : []);
  let grew = true;
  while (grew) {
    grew = false;
    for (const e of edges) {
      if (reached.has(e.source) && !reached.has(e.target)) {
        reached.add(e.target);
        grew = true;
      }
    }
  }
  return nodes.filter((n) => !reached.has(n.id)).map((n) => n.id);
}
