import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { auditKeys } from '../../audit/api/listAuditLog';

export async function deleteResource(base: string, id: number): Promise<void> {
  await apiClient.delete(`${base}/${id}`);
}

export function useDeleteResource(base: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteResource(base, id),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['admin', 'resource'] });
      void client.invalidateQueries({ queryKey: auditKeys.all });
    },
  });
}
