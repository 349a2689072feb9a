import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, v, yup, type ApiResponse } from '@leadsmith/shared';

/** The reseller's support chat (ADR 041); the identity verification secret never comes back (has_secret). */
export type SupportChat = NonNullable<ApiResponse<'/api/whitelabel/chat-widget', 'get'>['data']>;

export const supportChatKeys = { all: ['whitelabel', 'support-chat'] as const };

export const supportChatQueryOptions = () =>
  queryOptions({
    queryKey: supportChatKeys.all,
    queryFn: async ({ signal }) =>
      (await apiClient.get<{ data: SupportChat | null }>('/api/whitelabel/chat-widget', { signal })).data.data,
  });

export const useSupportChat = () => useQuery(supportChatQueryOptions());

/** The API's rules: an Intercom app id is letters and digits; a new secret at least 16 characters (required the first time). */
export const supportChatSchema = (hasSecret: boolean) =>
  yup.object({
    app_id: v
      .required()
      .max(40, v.message('maxLength', { count: 40 }))
      .matches(/^[A-Za-z0-9]+$/, v.message('noSpecialChars')),
    secret: hasSecret
      ? yup
          .string()
          .default('')
          .test('min', v.message('minChars', { count: 16 }), (s) => !s || s.trim().length >= 16)
          .max(200, v.message('maxLength', { count: 200 }))
      : v
          .required()
          .min(16, v.message('minChars', { count: 16 }))
          .max(200, v.message('maxLength', { count: 200 })),
  });

export function useSaveSupportChat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { app_id: string; secret?: string }) =>
      (await apiClient.put<{ data: SupportChat }>('/api/whitelabel/chat-widget', { provider: 'intercom', ...input }))
        .data.data,
    onSuccess: (saved) => client.setQueryData(supportChatKeys.all, saved),
  });
}

export function useRemoveSupportChat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => void (await apiClient.delete('/api/whitelabel/chat-widget')),
    onSuccess: () => client.setQueryData(supportChatKeys.all, null),
  });
}
