import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { coursePageKeys, type CoursePage } from './listCoursePages';

/** GET /api/whitelabel/courses/{id}/pages/{pageId} */
export async function getCoursePage(courseId: number, pageId: number, signal?: AbortSignal): Promise<CoursePage> {
  const { data } = await apiClient.get<{ data: CoursePage }>(`/api/whitelabel/courses/${courseId}/pages/${pageId}`, {
    signal,
  });
  return data.data;
}

export const coursePageQueryOptions = (courseId: number, pageId: number) =>
  queryOptions({
    queryKey: coursePageKeys.detail(courseId, pageId),
    queryFn: ({ signal }) => getCoursePage(courseId, pageId, signal),
    enabled: courseId > 0 && pageId > 0,
  });

export const useCoursePage = (courseId: number, pageId: number) => useQuery(coursePageQueryOptions(courseId, pageId));
