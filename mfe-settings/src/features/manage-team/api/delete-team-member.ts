import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@leadsmith/shared';
import { teamKeys } from './get-team-members';

export async function deleteTeamMember(id: number): Promise<void> {
  await api.delete('/api/team-members/{id}', { path: { id } });
}

export function useDeleteTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTeamMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
