import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type ApiResponse } from '@leadsmith/shared';

/** Spec §3 SMTP settings; the password is never sent back (has_password). */
export type SmtpSettings = NonNullable<ApiResponse<'/api/whitelabel/smtp', 'get'>['data']>;
export type SmtpEncryption = SmtpSettings['encryption'];

export const smtpKeys = { all: ['whitelabel', 'smtp'] as const };

export async function getSmtp(signal?: AbortSignal): Promise<SmtpSettings | null> {
  const { data } = await apiClient.get<{ data: SmtpSettings | null }>('/api/whitelabel/smtp', { signal });
  return data.data;
}

export const smtpQueryOptions = () =>
  queryOptions({ queryKey: smtpKeys.all, queryFn: ({ signal }) => getSmtp(signal) });

export const useSmtp = () => useQuery(smtpQueryOptions());
