import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LANGUAGES, apiClient, sessionKeys, setLanguage, v, yup, type Language, type User } from '@leadsmith/shared';

export const profileSchema = yup.object({
  first_name: v.required().max(100),
  last_name: v.required().max(100),
  lang: yup
    .string()
    .oneOf([...LANGUAGES])
    .required(),
});
export type ProfileInput = yup.InferType<typeof profileSchema>;

/** POST /api/me: name and language; the chosen language applies at once (spec §3: stored under `lang`). */
export async function updateProfile(values: ProfileInput): Promise<{ user: User }> {
  return (await apiClient.post<{ user: User }>('/api/me', values)).data;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (_data, values) => {
      await setLanguage(values.lang as Language);
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}
