import { useMutation } from '@tanstack/react-query';
import { apiClient, v, yup } from '@leadsmith/shared';

export const testEmailSchema = yup.object({ to: v.email() });

/** Really sends through the saved SMTP server; a refusal comes back as a 422 on `to`. */
export async function sendTestEmail(to: string): Promise<void> {
  await apiClient.post('/api/whitelabel/smtp/test', { to });
}

export const useSendTestEmail = () => useMutation({ mutationFn: sendTestEmail });
