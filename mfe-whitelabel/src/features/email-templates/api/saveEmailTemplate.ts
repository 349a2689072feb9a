import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, v, yup } from '@leadsmith/shared';
import { emailTemplateKeys, type TemplateKind } from './getEmailTemplates';

export const emailTemplateSchema = yup.object({
  subject: v.required().max(200, v.message('maxLength', { count: 200 })),
  html: v.required().max(50_000, v.message('maxLength', { count: 50_000 })),
  text: v.required().max(20_000, v.message('maxLength', { count: 20_000 })),
});
export type EmailTemplateValues = yup.InferType<typeof emailTemplateSchema>;

export const saveEmailTemplate = ({ kind, input }: { kind: TemplateKind; input: EmailTemplateValues }) =>
  api.put('/api/whitelabel/email-templates/{kind}', { path: { kind }, body: input });

/** Back to the built-in text. */
export const resetEmailTemplate = (kind: TemplateKind) =>
  api.delete('/api/whitelabel/email-templates/{kind}', { path: { kind } });

export function useSaveEmailTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveEmailTemplate,
    onSuccess: () => void client.invalidateQueries({ queryKey: emailTemplateKeys.all }),
  });
}

export function useResetEmailTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resetEmailTemplate,
    onSuccess: () => void client.invalidateQueries({ queryKey: emailTemplateKeys.all }),
  });
}
