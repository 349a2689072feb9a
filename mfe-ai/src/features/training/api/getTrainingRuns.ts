import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import type { TrainingRun } from './getTraining';

export interface TrainingRunsPage {
  data: TrainingRun[];
  currentPage: number;
  pageSize: number;
  total: number;
}

export const RUNS_PAGE_SIZE = 5;

export async function getTrainingRuns(page: number): Promise<TrainingRunsPage> {
  return (await apiClient.get<TrainingRunsPage>('/api/ai/training-runs', { params: { page, pageSize: RUNS_PAGE_SIZE } })).data;
}

export const trainingRunsQueryOptions = (page: number) =>
  queryOptions({ queryKey: ['ai', 'training-runs', page], queryFn: () => getTrainingRuns(page), placeholderData: keepPreviousData });

export const useTrainingRuns = (page: number) => useQuery(trainingRunsQueryOptions(page));
