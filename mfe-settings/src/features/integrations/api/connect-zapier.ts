import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, v, yup } from '@leadsmith/shared';
import { integrationKeys } from './get-crm-connections';

export const zapierSchema = yup.object({
  url: v.url().required(v.message('required')).max(2000),
});

export type ZapierInput = yup.InferType<typeof zapierSchema>;

/** PUT /api/crm/connections/zapier/webhook: Zapier is connected with the URL of a "Catch Hook" trigger. */
export const connectZapier = (values: ZapierInput) => api.put('/api/crm/connections/zapier/webhook', { body: values });

export function useConnectZapier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectZapier,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
}
