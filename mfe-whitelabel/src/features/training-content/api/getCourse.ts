import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { courseKeys, type Course } from './listCourses';

/** GET /api/whitelabel/courses/{id} */
export async function getCourse(id: number, signal?: AbortSignal): Promise<Course> {
  const { data } = await apiClient.get<{ data: Course }>(`/api/whitelabel/courses/${id}`, { signal });
  return data.data;
}

export const courseQueryOptions = (id: number) =>
  queryOptions({ queryKey: courseKeys.detail(id), queryFn: ({ signal }) => getCourse(id, signal), enabled: id > 0 });

export const useCourse = (id: number) => useQuery(courseQueryOptions(id));
