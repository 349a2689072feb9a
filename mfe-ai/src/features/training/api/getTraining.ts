import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResponse } from '@leadsmith/shared';

export const SOURCE_KINDS = [
  'profile',
  'websites',
  'links',
  'texts',
  'qa',
  'files',
] as const satisfies readonly SourceStat['kind'][];
export type SourceKind = SourceStat['kind'];

export type TrainingOverview = ApiResponse<'/api/ai/training', 'get'>;
export type SourceStat = TrainingOverview['sources'][number];
/** queued: waiting for a worker; running: the model is being asked. */
export type TrainingRun = ApiResponse<'/api/ai/training-runs', 'get'>['data'][number];

/** A run the queue has not finished yet. */
export const isRunActive = (run: TrainingRun | null | undefined): boolean =>
  run?.status === 'queued' || run?.status === 'running';

/** How often the screen re-reads the overview while a run is queued or running. */
export const TRAINING_POLL_MS = 2000;

export async function getTraining(): Promise<TrainingOverview> {
  return api.get('/api/ai/training');
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
