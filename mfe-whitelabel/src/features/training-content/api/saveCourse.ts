import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, v, yup } from '@leadsmith/shared';
import { courseKeys, type Course } from './listCourses';

export type CourseInput = Pick<Course, 'title' | 'description' | 'position' | 'shown'>;

export const courseSchema = yup.object({
  title: v.required().max(150, v.message('maxLength', { count: 150 })),
  description: yup
    .string()
    .default('')
    .max(2000, v.message('maxLength', { count: 2000 })),
  position: v
    .integer()
    .min(0, v.message('minNumber', { min: 0 }))
    .max(10_000, v.message('maxNumber', { max: 10_000 }))
    .required(v.message('required')),
  shown: yup.boolean().default(true),
});
export type CourseValues = yup.InferType<typeof courseSchema>;

/** POST /api/whitelabel/courses or PUT /api/whitelabel/courses/{id} */
export async function saveCourse({ id, input }: { id?: number; input: CourseInput }): Promise<Course> {
  const { data } = id
    ? await apiClient.put<{ data: Course }>(`/api/whitelabel/courses/${id}`, input)
    : await apiClient.post<{ data: Course }>('/api/whitelabel/courses', input);
  return data.data;
}

/** DELETE /api/whitelabel/courses/{id} (its pages go with it) */
export async function deleteCourse(id: number): Promise<void> {
  await apiClient.delete(`/api/whitelabel/courses/${id}`);
}

export function useSaveCourse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCourse,
    onSuccess: (course) => {
      client.setQueryData(courseKeys.detail(course.id), course);
      void client.invalidateQueries({ queryKey: courseKeys.all });
    },
  });
}

export function useDeleteCourse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCourse,
    onSuccess: () => void client.invalidateQueries({ queryKey: courseKeys.all }),
  });
}
