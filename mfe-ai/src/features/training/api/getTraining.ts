import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import type { AiEngine } from '../../status/api/getAiStatus';

export const SOURCE_KINDS = ['profile', 'websites', 'links', 'texts', 'qa', 'files'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

export interface SourceStat {
  kind: SourceKind;
  count: number;
  characters: number;
  tokens: number;
  changed: number;
  status: 'empty' | 'trained' | 'not_trained';
}

export interface TrainingRun {
  id: number;
  status: 'running' | 'completed' | 'failed';
  provider: string;
  model: string;
  sources: Partial<Record<SourceKind, number>>;
  tokens: number;
  summary: string;
  error_code: string | null;
  started_at: string;
  finished_at: string | null;
}

export interface TrainingOverview {
  profile_completed: boolean;
  engine: AiEngine;
  sources: SourceStat[];
  total: { count: number; tokens: number };
  needs_training: boolean;
  last_completed_run: TrainingRun | null;
  latest_run: TrainingRun | null;
}

export async function getTraining(): Promise<TrainingOverview> {
  return (await apiClient.get<TrainingOverview>('/api/ai/training')).data;
}

/** Always fresh on mount: the training data is edited in Settings. */
export const trainingQueryOptions = () => queryOptions({ queryKey: ['ai', 'training'], queryFn: getTraining, staleTime: 0 });

export const useTraining = () => useQuery(trainingQueryOptions());
