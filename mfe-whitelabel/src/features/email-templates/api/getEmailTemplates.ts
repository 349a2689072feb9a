import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResponse } from '@leadsmith/shared';

export type EmailTemplate = ApiResponse<'/api/whitelabel/email-templates', 'get'>['data'][number];
export type TemplateKind = EmailTemplate['kind'];
export type TemplateLanguage = 'en' | 'es' | 'fr' | 'de';

export const emailTemplateKeys = {
  all: ['whitelabel', 'email-templates'] as const,
  list: (lang: TemplateLanguage) => ['whitelabel', 'email-templates', lang] as const,
};

/** Every kind with its template; unsaved kinds show the built-in text in `lang`. */
export const getEmailTemplates = (lang: TemplateLanguage, signal?: AbortSignal) =>
  api.get('/api/whitelabel/email-templates', { query: { lang }, config: { signal } }).then((answer) => answer.data);

export const emailTemplatesQueryOptions = (lang: TemplateLanguage) =>
  queryOptions({ queryKey: emailTemplateKeys.list(lang), queryFn: ({ signal }) => getEmailTemplates(lang, signal) });

export const useEmailTemplates = (lang: TemplateLanguage) => useQuery(emailTemplatesQueryOptions(lang));
