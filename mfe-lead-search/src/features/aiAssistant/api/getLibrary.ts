import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { assistantKeys } from './types';

export interface LibraryPrompt {
  /** builtin: the product's prompts; admin: a super admin's library prompts. */
  source: 'builtin' | 'admin';
  id: number;
  title: string;
  list_type: string;
  description: string;
  prompt: string;
  used: boolean;
}

export interface LibraryPage {
  data: LibraryPrompt[];
  page: number;
  limit: number;
  total: number;
}

export const LIBRARY_PAGE_SIZE = 20;

/** GET /api/business-details/get-fine-tunes-library: the shared prompt library. */
export const getLibrary = async (type: string, search: string, page: number) =>
  (await apiClient.get<LibraryPage>('/api/business-details/get-fine-tunes-library', { params: { ...(type ? { type } : {}), search, page, limit: LIBRARY_PAGE_SIZE } })).data;

export const libraryQuery = (type: string, search: string, page: number) =>
  queryOptions({ queryKey: assistantKeys.library(type, search, page), queryFn: () => getLibrary(type, search, page), placeholderData: keepPreviousData });

export const useLibrary = (type: string, search: string, page: number) => useQuery(libraryQuery(type, search, page));
