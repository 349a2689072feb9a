import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, v, yup } from '@leadsmith/shared';
import { emailTemplateKeys, type TemplateKind } from './getEmailTemplates';

export const emailTemplateSchema = yup.object({
  subject: v.required().max(200, v.message('maxLength', { max: 200 })),
  body: v.required().max(20_000, v.message('maxLength', { max: 20_000 })),
});
export type EmailTemplateValues = yup.InferType<typeof emailTemplateSchema>;

export async function saveEmailTemplate({ kind, input }: { kind: TemplateKind; input: EmailTemplateValues }): Promise<void> {
  await apiClient.put(`/api/whitelabel/email-templates/${kind}`, input);
}

/** Back to the built-in text. */
export async function resetEmailTemplate(kind: TemplateKind): Promise<void> {
  await apiClient.delete(`/api/whitelabel/email-templates/${kind}`);
}

export function useSaveEmailTemplate() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveEmailTemplate, onSuccess: () => void client.invalidateQueries({ queryKey: emailTemplateKeys.all }) });
}

export function useResetEmailTemplate() {
  const client = useQueryClient();
  return useMutation({ mutationFn: resetEmailTemplate, onSuccess: () => void client.invalidateQueries({ queryKey: emailTemplateKeys.all }) });
}
