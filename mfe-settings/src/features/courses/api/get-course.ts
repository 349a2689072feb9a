import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResponse } from '@leadsmith/shared';
import { courseKeys } from './get-courses';

export type Course = ApiResponse<'/api/courses/items/{id}', 'get'>['data'];

/** GET /api/courses/items/{id} */
export async function getCourse(id: string): Promise<Course> {
  return (await api.get('/api/courses/items/{id}', { path: { id: Number(id) } })).data;
}

export const courseQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...courseKeys.all, 'item', id] as const, queryFn: () => getCourse(id) });

export const useCourse = (id: string) => useQuery(courseQueryOptions(id));
