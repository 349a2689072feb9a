import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { auditKeys } from '../../audit/api/listAuditLog';
import { resourceKeys, type ResourceItem } from './listResource';

export async function saveResource(base: string, id: number | undefined, input: Record<string, unknown>): Promise<ResourceItem> {
  const { data } = id ? await apiClient.put<{ item: ResourceItem }>(`${base}/${id}`, input) : await apiClient.post<{ item: ResourceItem }>(base, input);
  return data.item;
}

export function useSaveResource(base: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: Record<string, unknown> }) => saveResource(base, id, input),
    onSuccess: (item) => {
      client.setQueryData(resourceKeys.detail(base, item.id), item);
      void client.invalidateQueries({ queryKey: ['admin', 'resource'] });
      void client.invalidateQueries({ queryKey: auditKeys.all });
    },
  });
}
