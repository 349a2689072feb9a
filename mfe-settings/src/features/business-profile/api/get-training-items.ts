import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, DEFAULT_PAGE_SIZE } from '@leadsmith/shared';
import { resourcePath, trainingKeys, type LinkKind, type Page, type TrainingResource } from './training-resources';

export interface TrainingListParams {
  resource: TrainingResource;
  kind?: LinkKind;
  page: number;
  pageSize?: number;
}

/** GET one page of a training collection; failures are logged only (spec §8: `silent`). */
export async function getTrainingItems<T>({
  resource,
  kind,
  page,
  pageSize = DEFAULT_PAGE_SIZE,
}: TrainingListParams): Promise<Page<T> & Record<string, unknown>> {
  const params = { page, pageSize, ...(kind ? { type: kind } : {}) };
  return (await apiClient.get<Page<T> & Record<string, unknown>>(resourcePath(resource), { params, silent: true }))
    .data;
}

export const trainingItemsQueryOptions = <T>(params: TrainingListParams) =>
  queryOptions({
    queryKey: trainingKeys.list(params.resource, params.kind, params.page, params.pageSize ?? DEFAULT_PAGE_SIZE),
    queryFn: () => getTrainingItems<T>(params),
    placeholderData: keepPreviousData,
  });

export const useTrainingItems = <T>(params: TrainingListParams) => useQuery(trainingItemsQueryOptions<T>(params));
