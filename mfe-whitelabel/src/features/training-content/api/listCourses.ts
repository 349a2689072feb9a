import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type ApiResponse } from '@leadsmith/shared';
import type { PageOf } from '../../../components/format';

/** A course of the reseller's training content (shown to its customers when `shown`). */
export type Course = ApiResponse<'/api/whitelabel/courses/{id}', 'get'>['data'];

export const COURSE_PAGE_SIZE = 20;
export const courseKeys = {
  all: ['whitelabel', 'courses'] as const,
  list: (page: number) => ['whitelabel', 'courses', 'list', page] as const,
  detail: (id: number) => ['whitelabel', 'courses', 'detail', id] as const,
};

/** GET /api/whitelabel/courses */
export async function listCourses(page: number, signal?: AbortSignal): Promise<PageOf<Course>> {
  const { data } = await apiClient.get<PageOf<Course>>('/api/whitelabel/courses', {
    params: { page, pageSize: COURSE_PAGE_SIZE },
    signal,
  });
  return data;
}

export const coursesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: courseKeys.list(page),
    queryFn: ({ signal }) => listCourses(page, signal),
    placeholderData: keepPreviousData,
  });

export const useCourses = (page: number) => useQuery(coursesQueryOptions(page));
