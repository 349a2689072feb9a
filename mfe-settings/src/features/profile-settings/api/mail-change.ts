import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, sessionKeys, v, yup } from '@leadsmith/shared';

export interface MailChangeState {
  pending_email: string | null;
  expires_at: string | null;
}

export const mailChangeKeys = { state: ['settings', 'mail-change'] as const };

/** GET /api/mail-change: the change waiting for its code, if any. */
export async function getMailChange(): Promise<MailChangeState> {
  return (await apiClient.get<MailChangeState>('/api/mail-change')).data;
}
export const mailChangeQueryOptions = () => queryOptions({ queryKey: mailChangeKeys.state, queryFn: getMailChange });
export const useMailChange = () => useQuery(mailChangeQueryOptions());

export const mailChangeSchema = yup.object({ email: v.email() });
export const mailCodeSchema = yup.object({ code: v.required().matches(/^\d{6}$/, v.message('typeInvalid')) });

/** POST /api/mail-change: sends a code to the new address. */
export function useRequestMailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: { email: string }) => (await apiClient.post<MailChangeState & { retry_after_seconds: number }>('/api/mail-change', values)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailChangeKeys.state }),
  });
}

/** POST /api/mail-change/resend: a new code to the same address (60 s apart). */
export function useResendMailChange() {
  return useMutation({ mutationFn: async () => (await apiClient.post<{ retry_after_seconds: number }>('/api/mail-change/resend', {})).data });
}

/** POST /api/mail-change/confirm: the account's email becomes the new one. */
export function useConfirmMailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: { code: string }) => (await apiClient.post('/api/mail-change/confirm', values)).data as unknown,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: mailChangeKeys.state });
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}
