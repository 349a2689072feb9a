import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import type { PageOf } from '../../../components/format';

/** Spec §3 Custom link: shown in the side menu of the reseller's customers. */
export interface CustomLink {
  id: number;
  title: string;
  url: string;
  show_in_menu: boolean;
  position: number;
  created_at: string;
  updated_at: string;
}

export const LINK_PAGE_SIZE = 20;
export const customLinkKeys = { all: ['whitelabel', 'custom-links'] as const, list: (page: number) => ['whitelabel', 'custom-links', 'list', page] as const };

export async function listCustomLinks(page: number, signal?: AbortSignal): Promise<PageOf<CustomLink>> {
  const { data } = await apiClient.get<PageOf<CustomLink>>('/api/whitelabel/custom-links', { params: { page, pageSize: LINK_PAGE_SIZE }, signal });
  return data;
}

export const customLinksQueryOptions = (page: number) => queryOptions({ queryKey: customLinkKeys.list(page), queryFn: ({ signal }) => listCustomLinks(page, signal), placeholderData: keepPreviousData });

export const useCustomLinks = (page: number) => useQuery(customLinksQueryOptions(page));
