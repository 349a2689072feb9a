import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Campaign } from '../../../api/types';
import { ListStateBadge } from '../../../components/ListStateBadge';
import { EnrichmentProgress } from './EnrichmentProgress';
import { JobSourceError } from './JobSourceError';

/** The list's head: its type and state, its size, its latest search's progress (with Stop) and why it stopped. */
export function ListSummary({
  campaign,
  onStop,
  stopping,
}: {
  campaign: Campaign;
  onStop: (jobId: number) => void;
  stopping: boolean;
}) {
  const { t } = useTranslation('leadSearch');
  const job = campaign.job;
  return (
    <Stack mb={4} gap={1}>
      <HStack wrap="wrap">
        <Badge>{t(`types.${campaign.list_type}.name`)}</Badge>
        <ListStateBadge campaign={campaign} />
        {job?.demo_data ? <Badge colorPalette="purple">{t('demoData')}</Badge> : null}
        {campaign.is_demo ? <Badge colorPalette="purple">{t('demoList')}</Badge> : null}
        <Link to="tags-and-source">
          <Text as="span" fontSize="sm" textDecoration="underline">
            {t('routes.tagsAndSource')}
          </Text>
        </Link>
        <Link to="history">
          <Text as="span" fontSize="sm" textDecoration="underline">
            {t('routes.listHistory')}
          </Text>
        </Link>
      </HStack>
      {/* The whole list's size: the job line below tells only of its latest search. */}
      <Text data-testid="list-size">{t('list.size', { count: campaign.result_count })}</Text>
      {campaign.tags.length || campaign.source ? (
        <Text fontSize="sm">{[campaign.tags.join(', '), campaign.source].filter(Boolean).join(' · ')}</Text>
      ) : null}
      {job ? (
        <HStack wrap="wrap">
          <Text data-testid="job-progress" aria-live="polite">
            {t(job.search_type === 'intent' && job.status === 'running' ? 'job.waitingVisitors' : `job.${job.status}`, {
              produced: job.produced,
              // The leads the sentence counts: those produced once done, otherwise the number asked for.
              count: job.status === 'done' ? job.produced : job.requested,
              found: job.found,
              credits: job.credits_charged,
            })}
          </Text>
          {job.status === 'running' ? (
            <Button size="xs" variant="outline" onClick={() => onStop(job.id)} loading={stopping}>
              {t('job.stop')}
            </Button>
          ) : null}
        </HStack>
      ) : null}
      {job?.stop_reason && job.stop_reason !== 'source_error' ? (
        <Text role="alert" color={job.stop_reason === 'no_credits' ? 'red.700' : undefined} fontWeight="semibold">
          {t(`job.stopReason.${job.stop_reason}`)}
        </Text>
      ) : null}
      {job ? <JobSourceError job={job} /> : null}
      {campaign.enrichment ? <EnrichmentProgress job={campaign.enrichment} /> : null}
    </Stack>
  );
}
