import { useMutation } from '@tanstack/react-query';
import { apiClient, v, yup } from '@leadsmith/shared';

export const passwordSchema = yup.object({
  current_password: v.required(),
  password: v.password(),
  password_confirmation: v.passwordConfirmation('password'),
});
export type PasswordInput = yup.InferType<typeof passwordSchema>;

/** PUT /api/user-password: other sessions are signed out, this one stays. */
export async function changePassword(values: PasswordInput): Promise<void> {
  await apiClient.put('/api/user-password', values);
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
