import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, DEFAULT_PAGE_SIZE } from '@leadsmith/shared';

export interface CourseSummary {
  id: number;
  title: string;
  description: string | null;
  pages: number;
}

export interface CoursePage {
  data: CourseSummary[];
  currentPage: number;
  pageSize: number;
  total: number;
  /** False when the user's reseller has turned its training center off. */
  training_center?: boolean;
}

export const courseKeys = { all: ['settings', 'courses'] as const };

export async function getCourses(page: number): Promise<CoursePage> {
  return (await apiClient.get<CoursePage>('/api/courses', { params: { page, pageSize: DEFAULT_PAGE_SIZE } })).data;
}

export const coursesQueryOptions = (page: number) => queryOptions({ queryKey: [...courseKeys.all, 'list', page] as const, queryFn: () => getCourses(page), placeholderData: keepPreviousData });

export const useCourses = (page: number) => useQuery(coursesQueryOptions(page));
