import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type ApiResponse } from '@leadsmith/shared';
import { assistantKeys } from './types';

/** A page of the prompt library (the API's answer, generated from its schema). */
export type LibraryPage = ApiResponse<'/api/business-details/get-fine-tunes-library', 'get'>;
/** builtin: the product's prompts; admin: a super admin's library prompts. */
export type LibraryPrompt = LibraryPage['data'][number];

export const LIBRARY_PAGE_SIZE = 20;

/** GET /api/business-details/get-fine-tunes-library: the shared prompt library. */
export const getLibrary = async (type: string, search: string, page: number) =>
  (
    await apiClient.get<LibraryPage>('/api/business-details/get-fine-tunes-library', {
      params: { ...(type ? { type } : {}), search, page, pageSize: LIBRARY_PAGE_SIZE },
    })
  ).data;

export const libraryQuery = (type: string, search: string, page: number) =>
  queryOptions({
    queryKey: assistantKeys.library(type, search, page),
    queryFn: () => getLibrary(type, search, page),
    placeholderData: keepPreviousData,
  });

export const useLibrary = (type: string, search: string, page: number) => useQuery(libraryQuery(type, search, page));
