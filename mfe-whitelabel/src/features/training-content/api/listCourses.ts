import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import type { PageOf } from '../../../components/format';

/** A course of the reseller's training content (shown to its customers when `shown`). */
export interface Course {
  id: number;
  title: string;
  description: string | null;
  position: number;
  shown: boolean;
  pages_count: number;
  shown_pages: number;
  created_at: string;
  updated_at: string;
}

export const COURSE_PAGE_SIZE = 20;
export const courseKeys = {
  all: ['whitelabel', 'courses'] as const,
  list: (page: number) => ['whitelabel', 'courses', 'list', page] as const,
  detail: (id: number) => ['whitelabel', 'courses', 'detail', id] as const,
};

/** GET /api/whitelabel/courses */
export async function listCourses(page: number, signal?: AbortSignal): Promise<PageOf<Course>> {
  const { data } = await apiClient.get<PageOf<Course>>('/api/whitelabel/courses', { params: { page, pageSize: COURSE_PAGE_SIZE }, signal });
  return data;
}

export const coursesQueryOptions = (page: number) => queryOptions({ queryKey: courseKeys.list(page), queryFn: ({ signal }) => listCourses(page, signal), placeholderData: keepPreviousData });

export const useCourses = (page: number) => useQuery(coursesQueryOptions(page));
