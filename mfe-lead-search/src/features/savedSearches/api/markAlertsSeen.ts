import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@leadsmith/shared';
import { savedSearchKeys } from '../../../api/saveSearch';

/** POST /api/saved-search-alerts/seen: every alert read. */
export const markAlertsSeen = async (): Promise<number> => (await api.post('/api/saved-search-alerts/seen')).updated;

export function useMarkAlertsSeen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markAlertsSeen,
    onSuccess: () => client.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}
