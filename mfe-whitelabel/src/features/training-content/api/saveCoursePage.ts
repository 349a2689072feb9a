import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, v, yup, type ApiBody } from '@leadsmith/shared';
import { courseKeys } from './listCourses';
import { coursePageKeys, type CoursePage, type PageStatus } from './listCoursePages';

export type CoursePageInput = ApiBody<'/api/whitelabel/courses/{id}/pages', 'post'>;

export const coursePageSchema = yup.object({
  title: v.required().max(150, v.message('maxLength', { count: 150 })),
  video_url: yup
    .string()
    .default('')
    .trim()
    .url(v.message('url'))
    .max(2000, v.message('maxLength', { count: 2000 })),
  body_html: yup
    .string()
    .default('')
    .max(50_000, v.message('maxLength', { count: 50_000 })),
  position: v
    .integer()
    .min(0, v.message('minNumber', { min: 0 }))
    .max(10_000, v.message('maxNumber', { max: 10_000 }))
    .required(v.message('required')),
  status: yup.mixed<PageStatus>().oneOf(['draft', 'shown']).default('draft').required(),
});
export type CoursePageValues = yup.InferType<typeof coursePageSchema>;

/** POST /api/whitelabel/courses/{id}/pages or PUT …/pages/{pageId}; the answer carries the sanitised body. */
export async function saveCoursePage({
  courseId,
  pageId,
  input,
}: {
  courseId: number;
  pageId?: number;
  input: CoursePageInput;
}): Promise<CoursePage> {
  const url = `/api/whitelabel/courses/${courseId}/pages`;
  const { data } = pageId
    ? await apiClient.put<{ data: CoursePage }>(`${url}/${pageId}`, input)
    : await apiClient.post<{ data: CoursePage }>(url, input);
  return data.data;
}

/** DELETE /api/whitelabel/courses/{id}/pages/{pageId} */
export async function deleteCoursePage({ courseId, pageId }: { courseId: number; pageId: number }): Promise<void> {
  await apiClient.delete(`/api/whitelabel/courses/${courseId}/pages/${pageId}`);
}

export function useSaveCoursePage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCoursePage,
    onSuccess: (page) => {
      client.setQueryData(coursePageKeys.detail(page.course_id, page.id), page);
      // Page counts of the course lists change too.
      void client.invalidateQueries({ queryKey: courseKeys.all });
    },
  });
}

export function useDeleteCoursePage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCoursePage,
    onSuccess: () => void client.invalidateQueries({ queryKey: courseKeys.all }),
  });
}
