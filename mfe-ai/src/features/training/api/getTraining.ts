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
  /** queued: waiting for a worker; running: the model is being asked. */
  status: 'queued' | 'running' | 'completed' | 'failed';
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
  /** `error_message`: why a failed run failed, in the user's language. */
  latest_run: (TrainingRun & { error_message?: string | null }) | null;
}

/** A run the queue has not finished yet. */
export const isRunActive = (run: TrainingRun | null | undefined): boolean => run?.status === 'queued' || run?.status === 'running';

/** How often the screen re-reads the overview while a run is queued or running. */
export const TRAINING_POLL_MS = 2000;

export async function getTraining(): Promise<TrainingOverview> {
  return (await apiClient.get<TrainingOverview>('/api/ai/training')).data;
}

/** Always fresh on mount (the training data is edited in Settings); polled while a run is queued or running. */
export const trainingQueryOptions = () =>
  queryOptions({
    queryKey: ['ai', 'training'],
    queryFn: getTraining,
    staleTime: 0,
    refetchInterval: (query) => (isRunActive(query.state.data?.latest_run) ? TRAINING_POLL_MS : false),
  });

export const useTraining = () => useQuery(trainingQueryOptions());
