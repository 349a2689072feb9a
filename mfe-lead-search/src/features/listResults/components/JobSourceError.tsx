import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { SearchJob } from '../../../api/types';

export interface JobSourceErrorProps {
  job: Pick<SearchJob, 'status' | 'stop_reason' | 'source_error'>;
}

/**
 * Why a lead source failed this search ("The people-data provider refused the key…"): while the
 * search runs (a passing failure the queue retries) or when it stopped because of it.
 */
export function JobSourceError({ job }: JobSourceErrorProps) {
  const { t } = useTranslation('leadSearch');
  const error = job.source_error;
  if (!error || (job.status !== 'running' && job.stop_reason !== 'source_error')) return null;
  const source = t(`job.sourceKinds.${error.source}`, { defaultValue: t('job.sourceKinds.other') });
  return (
    <Text role="alert" color={job.status === 'running' ? undefined : 'red.700'} fontWeight="semibold" data-testid="source-error">
      {job.status === 'running' ? null : `${t('job.stopReason.source_error')} `}
      {t(`job.sourceError.${error.code}`, { source, defaultValue: t('job.sourceError.unavailable', { source }) })}
    </Text>
  );
}
