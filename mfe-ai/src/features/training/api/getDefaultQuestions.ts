import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type ApiResponse } from '@leadsmith/shared';

export type DefaultQuestions = ApiResponse<'/api/get-all-openai-default-questions', 'get'>;

/** GET /api/get-all-openai-default-questions (spec §7): the questions the training asks, each answered or not. */
export const getDefaultQuestions = async (): Promise<DefaultQuestions> =>
  (await apiClient.get<DefaultQuestions>('/api/get-all-openai-default-questions', { silent: true })).data;

export const defaultQuestionsQuery = () =>
  queryOptions({ queryKey: ['ai', 'default-questions'], queryFn: getDefaultQuestions });

export const useDefaultQuestions = () => useQuery(defaultQuestionsQuery());
