import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, sessionKeys, v, yup, type ApiResponse } from '@leadsmith/shared';

export type MailChangeState = ApiResponse<'/api/mail-change', 'get'>;

export const mailChangeKeys = { state: ['settings', 'mail-change'] as const };

/** GET /api/mail-change: the change waiting for its code, if any. */
export async function getMailChange(): Promise<MailChangeState> {
  return api.get('/api/mail-change');
}
export const mailChangeQueryOptions = () => queryOptions({ queryKey: mailChangeKeys.state, queryFn: getMailChange });
export const useMailChange = () => useQuery(mailChangeQueryOptions());

export const mailChangeSchema = yup.object({ email: v.email() });
export const mailCodeSchema = yup.object({ code: v.required().matches(/^\d{6}$/, v.message('typeInvalid')) });

/** POST /api/mail-change: sends a code to the new address. */
export function useRequestMailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: { email: string }) => api.post('/api/mail-change', { body: values }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailChangeKeys.state }),
  });
}

/** POST /api/mail-change/resend: a new code to the same address (60 s apart). */
export function useResendMailChange() {
  return useMutation({ mutationFn: () => api.post('/api/mail-change/resend', { body: {} }) });
}

/** POST /api/mail-change/confirm: the account's email becomes the new one. */
export function useConfirmMailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: { code: string }) => api.post('/api/mail-change/confirm', { body: values }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: mailChangeKeys.state });
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}
