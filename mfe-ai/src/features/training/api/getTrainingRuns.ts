import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResponse } from '@leadsmith/shared';

export type TrainingRunsPage = ApiResponse<'/api/ai/training-runs', 'get'>;

export const RUNS_PAGE_SIZE = 5;

export async function getTrainingRuns(page: number): Promise<TrainingRunsPage> {
  return api.get('/api/ai/training-runs', { query: { page, pageSize: RUNS_PAGE_SIZE } });
}

export const trainingRunsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['ai', 'training-runs', page],
    queryFn: () => getTrainingRuns(page),
    placeholderData: keepPreviousData,
  });

export const useTrainingRuns = (page: number) => useQuery(trainingRunsQueryOptions(page));
