import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ApiResponse } from '@leadsmith/shared';
import type { LeadResult, SearchType } from '../../../api/types';

export type EmailGrade = NonNullable<LeadResult['email_grade']>;
export type EmailGradeReason = NonNullable<LeadResult['email_grade_reason']>;
export const EMAIL_GRADES: readonly EmailGrade[] = [
  'valid',
  'accept_all',
  'invalid',
  'disposable',
  'webmail',
  'unknown',
];
export type GradeSummary = ApiResponse<'/api/campaigns/{id}/email-grades', 'get'>;
export type VerifyQueued = ApiResponse<'/api/people-results/{id}/verify-emails', 'post'>;

export const emailGradeKeys = {
  summary: (listId: number) => ['leadSearch', 'emailGrades', listId] as const,
};

/** GET /api/campaigns/{id}/email-grades: emails per grade, and how many are still being graded. */
export async function getGradeSummary(listId: number, signal?: AbortSignal): Promise<GradeSummary> {
  return (await apiClient.get<GradeSummary>(`/api/campaigns/${listId}/email-grades`, { signal })).data;
}

/** Polled every 2 s while grades are on their way: the list's search or grading is underway, or the user just asked. */
export const gradeSummaryQuery = (listId: number, polling: boolean) =>
  queryOptions({
    queryKey: emailGradeKeys.summary(listId),
    queryFn: ({ signal }) => getGradeSummary(listId, signal),
    refetchInterval: (query) =>
      query.state.data?.grading || (polling && (query.state.data?.ungraded ?? 0) > 0) ? 2000 : false,
  });

/**
 * Grades landed between two polls of the summary, so the rows on screen are out of date: some grade's count moved.
 * Read on the graded counts, not the ungraded one, because a search that stores its emails and ends between two
 * polls is graded at once: the ungraded count then goes 0 → 0 while a grade's count grows.
 */
export const gradesLanded = (
  before: Pick<GradeSummary, 'counts'> | undefined,
  after: Pick<GradeSummary, 'counts'> | undefined,
): boolean =>
  before !== undefined &&
  after !== undefined &&
  EMAIL_GRADES.some((grade) => before.counts[grade] !== after.counts[grade]);

export const useGradeSummary = (listId: number, polling: boolean) => useQuery(gradeSummaryQuery(listId, polling));

/** POST /api/{type}-results/{id}/verify-emails: grade the list's ungraded emails in the background. */
export async function verifyEmails({ type, listId }: { type: SearchType; listId: number }): Promise<VerifyQueued> {
  return (await apiClient.post<VerifyQueued>(`/api/${type}-results/${listId}/verify-emails`, {})).data;
}

export const useVerifyEmails = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: verifyEmails,
    onSuccess: (_data, { listId }) => client.invalidateQueries({ queryKey: emailGradeKeys.summary(listId) }),
  });
};
