import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { walletKeys } from './get-wallet';

/** PUT /api/wallet/cards/{id}/default */
export async function setDefaultCard(id: number): Promise<void> {
  await apiClient.put(`/api/wallet/cards/${id}/default`);
}

/** DELETE /api/wallet/cards/{id} */
export async function deleteCard(id: number): Promise<void> {
  await apiClient.delete(`/api/wallet/cards/${id}`);
}

export function useSetDefaultCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}

export function useDeleteCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}
