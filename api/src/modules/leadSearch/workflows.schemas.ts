/** The bodies that create and save a workflow, and its graph's node and edge (checked beyond JSON by workflowNodes.service.ts). */
import { StringEnum, Type, type Static } from '../../http/contract';
import {
  edgeSchema,
  MAX_EDGES,
  MAX_NODES,
  nodeSchema,
  type WorkflowEdge,
  type WorkflowNode,
} from './workflowNodes.service';
import { TEMPLATE_KEYS } from './workflowTemplates';

export const WorkflowNodeSchema = Type.Unsafe<WorkflowNode>(nodeSchema);
export const WorkflowEdgeSchema = Type.Unsafe<WorkflowEdge>(edgeSchema);

const WorkflowName = Type.String({ minLength: 1, maxLength: 120, pattern: '\\S' });
const WorkflowDescription = Type.String({ maxLength: 500 });
const Nodes = Type.Array(WorkflowNodeSchema, { maxItems: MAX_NODES });
const Edges = Type.Array(WorkflowEdgeSchema, { maxItems: MAX_EDGES });

/** A new workflow: blank (its trigger added) or from a template. */
export const CreateWorkflowBodySchema = Type.Object(
  {
    name: WorkflowName,
    description: Type.Optional(WorkflowDescription),
    nodes: Type.Optional(Nodes),
    edges: Type.Optional(Edges),
    template: Type.Optional(StringEnum(TEMPLATE_KEYS)),
  },
  { additionalProperties: false },
);
export type WorkflowBody = Static<typeof CreateWorkflowBodySchema>;

/** A workflow's draft as the editor saves it: the whole graph. */
export const SaveWorkflowBodySchema = Type.Object(
  { name: WorkflowName, description: Type.Optional(WorkflowDescription), nodes: Nodes, edges: Edges },
  { additionalProperties: false },
);
export type SaveWorkflowBody = Static<typeof SaveWorkflowBodySchema>;
