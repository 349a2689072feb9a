import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiBody } from '@leadsmith/shared';
import type { TemplateKind } from './getEmailTemplates';

export type PreviewDraft = ApiBody<'/api/whitelabel/email-templates/{kind}/preview', 'post'>;

/** The draft rendered by the API exactly as it is sent: the reseller's logo, colours, domain and sample values. */
export const previewEmailTemplate = (kind: TemplateKind, draft: PreviewDraft, signal?: AbortSignal) =>
  api.post('/api/whitelabel/email-templates/{kind}/preview', { path: { kind }, body: draft, config: { signal } });

export const emailPreviewQueryOptions = (kind: TemplateKind, draft: PreviewDraft) =>
  queryOptions({
    queryKey: ['whitelabel', 'email-templates', 'preview', kind, draft] as const,
    queryFn: ({ signal }) => previewEmailTemplate(kind, draft, signal),
    // The last drawing stays while the next one is rendered (no flashing while typing).
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** A preview of a valid draft only: an empty part has nothing to draw. */
export const useEmailPreview = (kind: TemplateKind, draft: PreviewDraft) =>
  useQuery({
    ...emailPreviewQueryOptions(kind, draft),
    enabled: [draft.subject, draft.html, draft.text].every((part) => part.trim() !== ''),
  });
