import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type ApiResponse } from '@leadsmith/shared';
import { trainingKeys } from './training-resources';

export type DefaultQuestions = ApiResponse<'/api/get-all-openai-default-questions', 'get'>;

/** GET /api/get-all-openai-default-questions (spec §7): the AI training's questions, each answered or not. Logged only on failure (§8). */
export const getDefaultQuestions = async (): Promise<DefaultQuestions> =>
  (await apiClient.get<DefaultQuestions>('/api/get-all-openai-default-questions', { silent: true })).data;

/** Under the training key: saving a Q&A (which may answer one) refreshes it with the rest of the training data. */
export const defaultQuestionsQueryOptions = () =>
  queryOptions({ queryKey: [...trainingKeys.all, 'default-questions'], queryFn: getDefaultQuestions });

export const useDefaultQuestions = () => useQuery(defaultQuestionsQueryOptions());
