import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiBody, type ApiResponse } from '@leadsmith/shared';
import { browserTimeZone } from '../../schedule/timeZones';
import { workflowKeys, type Workflow, type WorkflowNode } from './getWorkflows';

export type SaveWorkflowInput = { id: number } & ApiBody<'/api/workflows/{id}', 'put'>;

/** A scheduled trigger without a zone (from a template, or saved before zones existed) runs in the browser's. */
const withScheduleZone = (node: WorkflowNode): WorkflowNode =>
  node.kind === 'trigger' && node.settings.mode === 'schedule' && !node.settings.time_zone
    ? { ...node, settings: { ...node.settings, time_zone: browserTimeZone() } }
    : node;

/** PUT /api/workflows/{id}: saves the draft. */
export async function saveWorkflow({ id, ...body }: SaveWorkflowInput): Promise<Workflow> {
  return (
    await apiClient.put<ApiResponse<'/api/workflows/{id}', 'put'>>(`/api/workflows/${id}`, {
      ...body,
      nodes: body.nodes.map(withScheduleZone),
    })
  ).data.workflow;
}

export function useSaveWorkflow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveWorkflow,
    onSuccess: (workflow) => {
      client.setQueryData(workflowKeys.one(workflow.id), workflow);
      void client.invalidateQueries({ queryKey: ['leadSearch', 'workflows', 'list'] });
    },
  });
}
