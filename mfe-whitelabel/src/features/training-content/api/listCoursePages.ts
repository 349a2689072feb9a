import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type ApiResponse } from '@leadsmith/shared';
import type { PageOf } from '../../../components/format';
import { courseKeys } from './listCourses';

/** An onboarding page (lesson) of a course. `body_html` is as the server sanitised it. */
export type CoursePage = ApiResponse<'/api/whitelabel/courses/{id}/pages/{pageId}', 'get'>['data'];
export type PageStatus = CoursePage['status'];

export const COURSE_PAGES_PAGE_SIZE = 20;
export const coursePageKeys = {
  all: (courseId: number) => [...courseKeys.all, courseId, 'pages'] as const,
  list: (courseId: number, page: number, status: string) =>
    [...courseKeys.all, courseId, 'pages', 'list', page, status] as const,
  detail: (courseId: number, pageId: number) => [...courseKeys.all, courseId, 'pages', 'detail', pageId] as const,
};

/** GET /api/whitelabel/courses/{id}/pages */
export async function listCoursePages(
  courseId: number,
  page: number,
  status: string,
  signal?: AbortSignal,
): Promise<PageOf<CoursePage>> {
  const { data } = await apiClient.get<PageOf<CoursePage>>(`/api/whitelabel/courses/${courseId}/pages`, {
    params: { page, pageSize: COURSE_PAGES_PAGE_SIZE, ...(status ? { status } : {}) },
    signal,
  });
  return data;
}

export const coursePagesQueryOptions = (courseId: number, page: number, status: string) =>
  queryOptions({
    queryKey: coursePageKeys.list(courseId, page, status),
    queryFn: ({ signal }) => listCoursePages(courseId, page, status, signal),
    placeholderData: keepPreviousData,
    enabled: courseId > 0,
  });

export const useCoursePages = (courseId: number, page: number, status: string) =>
  useQuery(coursePagesQueryOptions(courseId, page, status));
