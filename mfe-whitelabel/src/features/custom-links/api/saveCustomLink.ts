import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, v, yup, type ApiBody } from '@leadsmith/shared';
import { customLinkKeys, type CustomLink } from './listCustomLinks';

export type CustomLinkInput = ApiBody<'/api/whitelabel/custom-links', 'post'>;

export const customLinkSchema = yup.object({
  title: v.required().max(60, v.message('maxLength', { max: 60 })),
  url: v.required().url(v.message('url')).max(2000, v.message('maxLength', { max: 2000 })),
  show_in_menu: yup.boolean().default(true),
  position: v.integer().min(0, v.message('minNumber', { min: 0 })).max(1000, v.message('maxNumber', { max: 1000 })).required(v.message('required')),
});
export type CustomLinkValues = yup.InferType<typeof customLinkSchema>;

export async function saveCustomLink({ id, input }: { id?: number; input: CustomLinkInput }): Promise<CustomLink> {
  const { data } = id ? await apiClient.put<{ data: CustomLink }>(`/api/whitelabel/custom-links/${id}`, input) : await apiClient.post<{ data: CustomLink }>('/api/whitelabel/custom-links', input);
  return data.data;
}

export async function deleteCustomLink(id: number): Promise<void> {
  await apiClient.delete(`/api/whitelabel/custom-links/${id}`);
}

export function useSaveCustomLink() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveCustomLink, onSuccess: () => void client.invalidateQueries({ queryKey: customLinkKeys.all }) });
}

export function useDeleteCustomLink() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteCustomLink, onSuccess: () => void client.invalidateQueries({ queryKey: customLinkKeys.all }) });
}
