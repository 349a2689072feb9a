import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type ApiBody } from '@leadsmith/shared';
import { packageKeys } from './listPackages';

export type SalesPreviewDraft = ApiBody<'/api/whitelabel/packages/{id}/sales-settings/preview', 'post'>;

/** The draft drawn by the API exactly as the public sales page draws it (brand, offer, form, payment step). */
export const previewSalesPage = (id: number, draft: SalesPreviewDraft, signal?: AbortSignal) =>
  api.post('/api/whitelabel/packages/{id}/sales-settings/preview', { path: { id }, body: draft, config: { signal } });

export const useSalesPagePreview = (id: number, draft: SalesPreviewDraft, lang: string) =>
  useQuery({
    queryKey: [...packageKeys.sales(id), 'preview', lang, draft] as const,
    queryFn: ({ signal }) => previewSalesPage(id, draft, signal),
    // The last drawing stays while the next one is rendered (no flashing while typing).
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
