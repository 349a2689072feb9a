import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { SearchJob } from '../../../api/types';

export interface JobSourceErrorProps {
  job: Pick<SearchJob, 'status' | 'stop_reason' | 'source_error'> & Partial<Pick<SearchJob, 'demo_reason'>>;
}

/**
 * Why a lead source failed this search ("The people-data provider refused the key…"): while the
 * search runs (a passing failure the queue retries), when it stopped because of it, or as the last
 * failure of a search that failed after its retries ("The OpenStreetMap service could not be reached.").
 */
export function JobSourceError({ job }: JobSourceErrorProps) {
  const { t } = useTranslation('leadSearch');
  const error = job.source_error;
  const source = error ? t(`job.sourceKinds.${error.source}`, { defaultValue: t('job.sourceKinds.other') }) : '';
  // No real source could be reached: the list shows demo data and says which source failed, not an error.
  if (error && job.demo_reason === 'unreachable') {
    return (
      <Text fontWeight="semibold" data-testid="demo-reason">
        {t('job.demoUnreachable', { source })}
      </Text>
    );
  }
  if (!error || (job.status !== 'running' && job.stop_reason !== 'source_error' && job.stop_reason !== 'failed'))
    return null;
  const sentence = t(`job.sourceError.${error.code}`, {
    source,
    defaultValue: t('job.sourceError.unavailable', { source }),
  });
  return (
    <Text
      role="alert"
      color={job.status === 'running' ? undefined : 'red.700'}
      fontWeight="semibold"
      data-testid="source-error"
    >
      {job.stop_reason === 'source_error' ? `${t('job.stopReason.source_error')} ` : null}
      {job.stop_reason === 'failed'
        ? t(`job.sourceErrorFinal.${error.code}`, { source, defaultValue: sentence })
        : sentence}
    </Text>
  );
}
