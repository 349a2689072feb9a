import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import { courseKeys } from './get-courses';

export interface Course {
  id: number;
  title: string;
  description: string | null;
  /**
   * Lessons: the platform's have plain-text `content`; a reseller's have a `video_url` and a `body_html`
   * the API has sanitised with its allowlist (ADR 007).
   */
  pages: { id: number; title: string; content: string | null; video_url?: string | null; body_html?: string | null }[];
}

/** GET /api/courses/items/{id} */
export async function getCourse(id: string): Promise<Course> {
  return (await apiClient.get<{ data: Course }>(`/api/courses/items/${encodeURIComponent(id)}`)).data.data;
}

export const courseQueryOptions = (id: string) => queryOptions({ queryKey: [...courseKeys.all, 'item', id] as const, queryFn: () => getCourse(id) });

export const useCourse = (id: string) => useQuery(courseQueryOptions(id));
