import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, DEFAULT_PAGE_SIZE, type ApiResponse } from '@leadsmith/shared';

export type CoursePage = ApiResponse<'/api/courses', 'get'>;
export type CourseSummary = CoursePage['data'][number];

export const courseKeys = { all: ['settings', 'courses'] as const };

export const getCourses = (page: number): Promise<CoursePage> =>
  api.get('/api/courses', { query: { page, pageSize: DEFAULT_PAGE_SIZE } });

export const coursesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...courseKeys.all, 'list', page] as const,
    queryFn: () => getCourses(page),
    placeholderData: keepPreviousData,
  });

export const useCourses = (page: number) => useQuery(coursesQueryOptions(page));
