import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';

export type TemplateKind = 'welcome';

export interface EmailTemplate {
  kind: TemplateKind;
  subject: string;
  body: string;
  is_default: boolean;
  placeholders: string[];
  updated_at: string | null;
}

export const emailTemplateKeys = { all: ['whitelabel', 'email-templates'] as const };

export async function getEmailTemplates(signal?: AbortSignal): Promise<EmailTemplate[]> {
  const { data } = await apiClient.get<{ data: EmailTemplate[] }>('/api/whitelabel/email-templates', { signal });
  return data.data;
}

export const emailTemplatesQueryOptions = () => queryOptions({ queryKey: emailTemplateKeys.all, queryFn: ({ signal }) => getEmailTemplates(signal) });

export const useEmailTemplates = () => useQuery(emailTemplatesQueryOptions());
