import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiBody, type ApiResponse } from '@leadsmith/shared';

export type Maintenance = ApiResponse<'/api/admin/maintenance', 'get'>;
export type MaintenanceInput = ApiBody<'/api/admin/maintenance', 'put'>;

export const getMaintenance = (signal?: AbortSignal): Promise<Maintenance> =>
  api.get('/api/admin/maintenance', { config: { signal } });

export const maintenanceQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'maintenance'] as const, queryFn: ({ signal }) => getMaintenance(signal) });

export const useMaintenance = () => useQuery(maintenanceQueryOptions());

/** PUT /api/admin/maintenance: on or off, with the message users see (the answer's message is toasted). */
export function useSaveMaintenance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MaintenanceInput) => api.put('/api/admin/maintenance', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: maintenanceQueryOptions().queryKey }),
  });
}
