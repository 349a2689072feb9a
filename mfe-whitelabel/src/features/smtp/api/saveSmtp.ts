import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, needsAppPassword, v, yup, type ApiBody } from '@leadsmith/shared';
import { smtpKeys, type SmtpEncryption, type SmtpSettings } from './getSmtp';

export const ENCRYPTIONS: SmtpEncryption[] = ['tls', 'ssl', 'none'];

/** `password` left out: keep the stored one. */
export type SmtpInput = ApiBody<'/api/whitelabel/smtp', 'put'>;

export const smtpSchema = yup.object({
  host: v
    .required()
    .max(253, v.message('maxLength', { count: 253 }))
    .matches(/^[A-Za-z0-9.-]+$/, v.message('domainOrUrl')),
  port: v
    .requiredNumber()
    .integer(v.message('integer'))
    .min(1, v.message('minNumber', { min: 1 }))
    .max(65535, v.message('maxNumber', { max: 65535 })),
  username: yup
    .string()
    .default('')
    .max(200, v.message('maxLength', { count: 200 })),
  // Gmail, Yahoo and iCloud take only an app password of 16 characters (spec §9; the API checks it too).
  password: yup
    .string()
    .default('')
    .max(200, v.message('maxLength', { count: 200 }))
    .when('host', {
      is: (host: string | undefined) => needsAppPassword(host ?? ''),
      then: () => v.appPassword().max(200, v.message('maxLength', { count: 200 })),
    }),
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
