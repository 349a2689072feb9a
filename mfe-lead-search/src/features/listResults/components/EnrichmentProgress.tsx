import { Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnrichmentJob } from '../../../api/types';

/** The list's latest get-phones / get-employees / enrich request: its progress while queued or running, then its outcome. */
export function EnrichmentProgress({ job }: { job: EnrichmentJob }) {
  const { t, i18n } = useTranslation('leadSearch');
  const client = useQueryClient();
  // The credits shown in the header change as the job charges: read them again when it ends.
  useEffect(() => {
    if (job.status !== 'running') void client.invalidateQueries({ queryKey: ['leadSearch', 'user-limits'] });
  }, [job.status, job.id, client]);
  const error = job.status === 'failed' ? job.source_error : null;
  const source = error ? t(`job.sourceKinds.${error.source}`, { defaultValue: t('job.sourceKinds.other') }) : '';
  // Influencer enrich: rows refreshed without a new contact stand beside "found"; rows no source covers get their own line.
  const found =
    job.refreshed > 0
      ? t('enrichment.foundRefreshed', { found: job.found, count: job.refreshed })
      : t('enrichment.found', { count: job.found });
  const platforms = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
    job.unsupported_platforms.map((p) => t(`enrichment.platform.${p}`, { defaultValue: p })),
  );
  return (
    <>
      <Text
        data-testid="enrichment-progress"
        aria-live="polite"
        role={job.status === 'stopped' || job.status === 'failed' ? 'alert' : undefined}
        color={job.status === 'stopped' || job.status === 'failed' ? 'red.700' : undefined}
      >
        {/* `count` is the results the sentence counts: those checked once done, otherwise the request's total. */}
        {t(`enrichment.${job.status}`, {
          what: t(`enrichment.kind.${job.kind}`),
          checked: job.checked,
          count: job.status === 'done' ? job.checked : job.total,
          found: job.status === 'failed' ? job.found : found,
          credits: job.credits_charged,
        })}
      </Text>
      {/* "12 rows could not be enriched: no configured source covers Instagram." */}
      {job.unsupported > 0 ? (
        <Text data-testid="enrichment-unsupported" color="orange.700">
          {t(platforms ? 'enrichment.unsupported' : 'enrichment.unsupportedUnknown', {
            count: job.unsupported,
            platforms,
          })}
        </Text>
      ) : null}
      {/* Which source failed the request ("The people-data provider refused the key."). */}
      {error ? (
        <Text color="red.700" fontWeight="semibold" data-testid="enrichment-source-error">
          {t(`job.sourceErrorFinal.${error.code}`, {
            source,
            defaultValue: t(`job.sourceError.${error.code}`, {
              source,
              defaultValue: t('job.sourceErrorFinal.unavailable', { source }),
            }),
          })}
        </Text>
      ) : null}
    </>
  );
}
