import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';

export type SmtpEncryption = 'none' | 'ssl' | 'tls';

/** Spec §3 SMTP settings; the password is never sent back (has_password). */
export interface SmtpSettings {
  host: string;
  port: number;
  username: string | null;
  encryption: SmtpEncryption;
  from_email: string;
  support_email: string;
  has_password: boolean;
  updated_at: string;
}

export const smtpKeys = { all: ['whitelabel', 'smtp'] as const };

export async function getSmtp(signal?: AbortSignal): Promise<SmtpSettings | null> {
  const { data } = await apiClient.get<{ data: SmtpSettings | null }>('/api/whitelabel/smtp', { signal });
  return data.data;
}

export const smtpQueryOptions = () => queryOptions({ queryKey: smtpKeys.all, queryFn: ({ signal }) => getSmtp(signal) });

export const useSmtp = () => useQuery(smtpQueryOptions());
