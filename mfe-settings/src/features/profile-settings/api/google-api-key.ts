import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, i18n, sessionKeys, v, yup } from '@leadsmith/shared';

/** A Google Cloud API key: AIza and 35 more URL-safe characters (the API checks the same). */
export const googleApiKeySchema = yup.object({
  google_api_key: v.required().matches(/^AIza[0-9A-Za-z_-]{35}$/, () => i18n.t('settings:googleApiKey.format')),
});
export type GoogleApiKeyInput = yup.InferType<typeof googleApiKeySchema>;

/** PUT /api/me/google-api-key and DELETE: the user's own key for Google Places (write-only; `/api/me` says whether one is set). */
export function useGoogleApiKey() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionKeys.all });
  const save = useMutation({
    mutationFn: (values: GoogleApiKeyInput) => api.put('/api/me/google-api-key', { body: values }),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: () => api.delete('/api/me/google-api-key'), onSuccess: refresh });
  return { save, remove };
}
