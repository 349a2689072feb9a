import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, v, yup } from '@leadsmith/shared';
import { businessProfileQueryOptions, type BusinessProfileResponse } from './get-business-profile';

export const businessProfileSchema = yup.object({
  business_name: v.required().max(200),
  website: v.url().max(2000).default(''),
  industry: v.required().max(200),
  description: v.required().max(5000),
  target_audience: v.required().max(2000),
  products_services: v.required().max(5000),
  unique_selling_points: yup.string().trim().max(5000).default(''),
  location: yup.string().trim().max(300).default(''),
});

export type BusinessProfileInput = yup.InferType<typeof businessProfileSchema>;

/** POST creates the profile; PUT /{id} updates it (spec §7). */
export async function saveBusinessProfile({
  id,
  values,
}: {
  id: number | null;
  values: BusinessProfileInput;
}): Promise<BusinessProfileResponse> {
  return id
    ? api.put('/api/business-details/data/{id}', { path: { id }, body: values })
    : api.post('/api/business-details/data', { body: values });
}

export function useSaveBusinessProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBusinessProfile,
    onSuccess: (data) =>
      queryClient.setQueryData(businessProfileQueryOptions().queryKey, {
        data: data.data,
        profile_completed: data.profile_completed,
      }),
  });
}
