import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, v, yup, type ApiBody } from '@leadsmith/shared';
import { smtpKeys, type SmtpEncryption, type SmtpSettings } from './getSmtp';

export const ENCRYPTIONS: SmtpEncryption[] = ['tls', 'ssl', 'none'];

/** `password` left out: keep the stored one. */
export type SmtpInput = ApiBody<'/api/whitelabel/smtp', 'put'>;

export const smtpSchema = yup.object({
  host: v
    .required()
    .max(253, v.message('maxLength', { max: 253 }))
    .matches(/^[A-Za-z0-9.-]+$/, v.message('domainOrUrl')),
  port: v.integer().min(1, v.message('minNumber', { min: 1 })).max(65535, v.message('maxNumber', { max: 65535 })).required(v.message('required')),
  username: yup.string().default('').max(200, v.message('maxLength', { max: 200 })),
  password: yup.string().default('').max(200, v.message('maxLength', { max: 200 })),
  encryption: yup.string().oneOf(ENCRYPTIONS).default('tls'),
  from_email: v.email(),
  support_email: v.email(),
});
export type SmtpValues = yup.InferType<typeof smtpSchema>;

export async function saveSmtp(input: SmtpInput): Promise<SmtpSettings> {
  const { data } = await apiClient.put<{ data: SmtpSettings }>('/api/whitelabel/smtp', input);
  return data.data;
}

export function useSaveSmtp() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveSmtp, onSuccess: (s) => client.setQueryData(smtpKeys.all, s) });
}
