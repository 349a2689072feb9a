import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, v, yup } from '@leadsmith/shared';
import { partnerKeys, type Partner } from './listPartners';

export type PartnerInput = Pick<Partner, 'name' | 'email' | 'company' | 'referral_code' | 'commission_percent' | 'active'>;

export const partnerSchema = yup.object({
  name: v.required().max(150, v.message('maxLength', { max: 150 })),
  email: yup.string().default('').trim().email(v.message('email')).max(254, v.message('maxLength', { max: 254 })),
  company: yup.string().default('').max(150, v.message('maxLength', { max: 150 })),
  referral_code: v.slug().required(v.message('required')).max(60, v.message('maxLength', { max: 60 })),
  commission_percent: v.integer().min(0, v.message('minNumber', { min: 0 })).max(100, v.message('maxNumber', { max: 100 })).required(v.message('required')),
  active: yup.boolean().default(true),
});
export type PartnerValues = yup.InferType<typeof partnerSchema>;

export async function savePartner({ id, input }: { id?: number; input: PartnerInput }): Promise<Partner> {
  const { data } = id ? await apiClient.put<{ data: Partner }>(`/api/whitelabel/partners/${id}`, input) : await apiClient.post<{ data: Partner }>('/api/whitelabel/partners', input);
  return data.data;
}

export async function deletePartner(id: number): Promise<void> {
  await apiClient.delete(`/api/whitelabel/partners/${id}`);
}

export function useSavePartner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: savePartner,
    onSuccess: (p) => {
      client.setQueryData(partnerKeys.detail(p.id), p);
      void client.invalidateQueries({ queryKey: partnerKeys.all });
    },
  });
}

export function useDeletePartner() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deletePartner, onSuccess: () => void client.invalidateQueries({ queryKey: partnerKeys.all }) });
}
