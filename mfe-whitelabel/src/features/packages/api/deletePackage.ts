import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { packageKeys } from './listPackages';

export async function deletePackage(id: number): Promise<void> {
  await apiClient.delete(`/api/whitelabel/packages/${id}`);
}

export function useDeletePackage() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deletePackage, onSuccess: () => void client.invalidateQueries({ queryKey: packageKeys.all }) });
}
