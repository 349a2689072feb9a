import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, v, yup } from '@leadsmith/shared';

/** GET/PUT/DELETE /api/whitelabel/paykickstart: the campaign's IPN key (never returned), IPN URL, product → package. */
export interface PaykickstartSettings {
  connected: boolean;
  campaign_id: string | null;
  ipn_url: string | null;
  products: { product_id: string; package_id: number }[];
  connected_at: string | null;
}

export interface PackageOption {
  id: number;
  name: string;
}

export const paykickstartKeys = {
  all: ['whitelabel', 'paykickstart'] as const,
  packages: ['whitelabel', 'paykickstart', 'packages'] as const,
};

export const paykickstartQueryOptions = () =>
  queryOptions({
    queryKey: paykickstartKeys.all,
    queryFn: async ({ signal }) =>
      (await apiClient.get<{ data: PaykickstartSettings }>('/api/whitelabel/paykickstart', { signal })).data.data,
  });
export const usePaykickstart = () => useQuery(paykickstartQueryOptions());

/** The reseller's packages a product can sell (first 100, newest first). */
export const usePackageOptions = () =>
  useQuery({
    queryKey: paykickstartKeys.packages,
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<{ data: PackageOption[] }>('/api/whitelabel/packages', {
          params: { pageSize: 100 },
          signal,
        })
      ).data.data,
  });

export const paykickstartSchema = yup.object({
  secret_key: yup
    .string()
    .default('')
    .max(200, v.message('maxLength', { count: 200 })),
  campaign_id: v
    .slug()
    .default('')
    .max(64, v.message('maxLength', { count: 64 })),
  products: yup
    .array(
      yup.object({
        product_id: v
          .required()
          .matches(/^[A-Za-z0-9_-]+$/, v.message('lettersNumbersHyphens'))
          .max(64, v.message('maxLength', { count: 64 })),
        package_id: v.required(),
      }),
    )
    .default([]),
});
export type PaykickstartValues = yup.InferType<typeof paykickstartSchema>;

export function useSavePaykickstart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: PaykickstartValues) =>
      (
        await apiClient.put<{ data: PaykickstartSettings }>('/api/whitelabel/paykickstart', {
          ...(values.secret_key ? { secret_key: values.secret_key } : {}),
          campaign_id: values.campaign_id || null,
          products: values.products.map((p) => ({ product_id: p.product_id.trim(), package_id: Number(p.package_id) })),
        })
      ).data.data,
    onSuccess: (data) => client.setQueryData(paykickstartKeys.all, data),
  });
}

export function useDisconnectPaykickstart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiClient.delete<{ data: PaykickstartSettings }>('/api/whitelabel/paykickstart')).data.data,
    onSuccess: (data) => client.setQueryData(paykickstartKeys.all, data),
  });
}
