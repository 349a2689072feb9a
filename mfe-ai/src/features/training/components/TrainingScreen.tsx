import {
  Badge,
  Box,
  Button,
  chakra,
  Fieldset,
  Flex,
  Heading,
  Link,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import {
  apiErrorMessage,
  ErrorState,
  OnboardingTopics,
  PageHeader,
  PageSpinner,
  Pagination,
  paths,
  useCrossAreaNavigate,
  CheckboxField,
} from '@leadsmith/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EngineNotice } from '../../../components/EngineNotice';
import { ProfileGate } from '../../../components/ProfileGate';
import type { AiStatus } from '../../status/api/getAiStatus';
import { useCalculateTokens } from '../api/calculateTokens';
import { useDefaultQuestions } from '../api/getDefaultQuestions';
import {
  isRunActive,
  SOURCE_KINDS,
  useTraining,
  type SourceKind,
  type SourceStat,
  type TrainingRun,
} from '../api/getTraining';
import { useTrainingRuns } from '../api/getTrainingRuns';
import { useStartTrainingRun } from '../api/startTrainingRun';

const STATUS_PALETTE: Record<SourceStat['status'], string> = { empty: 'gray', trained: 'green', not_trained: 'orange' };
const RUN_PALETTE: Record<TrainingRun['status'], string> = {
  queued: 'gray',
  running: 'blue',
  completed: 'green',
  failed: 'red',
};

function useFormatDate() {
  const { i18n } = useTranslation();
  return (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
      : '—';
}

/** ai/training: what the assistant is trained on, a token estimate, train/refresh and the run history. */
export function TrainingScreen() {
  const { t } = useTranslation('ai');
  return (
    <Box>
      <PageHeader title={t('routes.training')} />
      <OnboardingTopics variant="panel" />
      <ProfileGate>{(status) => <TrainingContent status={status} />}</ProfileGate>
    </Box>
  );
}

function TrainingContent({ status }: { status: AiStatus }) {
  const { t } = useTranslation('ai');
  const training = useTraining();
  const start = useStartTrainingRun();
  const formatDate = useFormatDate();
  const navigate = useCrossAreaNavigate();
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const latestKey = training.data?.latest_run
    ? `${training.data.latest_run.id}:${training.data.latest_run.status}`
    : '';
  // The history follows the run: reloaded each time the latest run changes state (queued → running → completed).
  useEffect(() => {
    if (latestKey) void queryClient.invalidateQueries({ queryKey: ['ai', 'training-runs'] });
  }, [latestKey, queryClient]);

  if (training.isPending) return <PageSpinner />;
  if (training.isError)
    return <ErrorState title={t('errors.trainingFailed')} onRetry={() => void training.refetch()} />;
  const { sources, total, needs_training: needsTraining, last_completed_run: last, latest_run: latest } = training.data;
  const manageHref = paths.settings.businessProfile();
  const active = isRunActive(latest);

  const handleTrain = async () => {
    setError(null);
    try {
      await start.mutateAsync();
    } catch (e) {
      setError(apiErrorMessage(e, t('errors.trainFailed')));
    }
  };

  return (
    <Stack gap={8}>
      <EngineNotice engine={status.engine} />

      <Box as="section" aria-labelledby="ai-sources-heading">
        <Flex align="baseline" justify="space-between" wrap="wrap" gap={2} mb={3}>
          <Heading as="h2" size="md" id="ai-sources-heading">
            {t('training.sourcesHeading')}
          </Heading>
          <Link
            href={manageHref}
            color="brand.fg"
            textDecoration="underline"
            onClick={(event) => {
              event.preventDefault();
              navigate(manageHref);
            }}
          >
            {t('training.manageSources')}
          </Link>
        </Flex>
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" aria-labelledby="ai-sources-heading">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('training.source')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('training.items')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('training.tokens')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('training.status')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {sources.map((s) => (
                <Table.Row key={s.kind} data-testid={`ai-source-${s.kind}`}>
                  <Table.Cell fontWeight="semibold">{t(`sources.${s.kind}`)}</Table.Cell>
                  <Table.Cell textAlign="end">{s.count}</Table.Cell>
                  <Table.Cell textAlign="end">{s.tokens}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={STATUS_PALETTE[s.status]} variant="subtle">
                      {t(`sourceStatus.${s.status}`)}
                    </Badge>
                    {s.status === 'not_trained' && last && s.changed > 0 ? (
                      <chakra.span fontSize="sm" ms={2}>
                        {t('training.changedSince', { count: s.changed })}
                      </chakra.span>
                    ) : null}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
            <Table.Footer>
              <Table.Row>
                <Table.Cell fontWeight="semibold">{t('training.total')}</Table.Cell>
                <Table.Cell textAlign="end" fontWeight="semibold">
                  {total.count}
                </Table.Cell>
                <Table.Cell textAlign="end" fontWeight="semibold">
                  {total.tokens}
                </Table.Cell>
                <Table.Cell />
              </Table.Row>
            </Table.Footer>
          </Table.Root>
        </Table.ScrollArea>
      </Box>

      <DefaultQuestionsSection />

      <TokenEstimateSection sources={sources} />

      <Box as="section" aria-labelledby="ai-run-heading">
        <Heading as="h2" size="md" id="ai-run-heading" mb={3}>
          {t('training.runHeading')}
        </Heading>
        <Stack gap={3} maxW="3xl">
          <Text data-testid="ai-training-state">
            {!last
              ? t('training.neverTrained')
              : needsTraining
                ? t('training.outdated', { date: formatDate(last.finished_at) })
                : t('training.upToDate', { date: formatDate(last.finished_at) })}
          </Text>
          {latest && active ? (
            <Text role="status" data-testid="ai-training-run-status">
              <Badge colorPalette={RUN_PALETTE[latest.status]} variant="subtle" me={2}>
                {t(`runStatus.${latest.status}`)}
              </Badge>
              {t(latest.status === 'queued' ? 'training.queuedHint' : 'training.runningHint')}
            </Text>
          ) : null}
          {latest && latest.status === 'failed' ? (
            <Text color="red.700" role="status" data-testid="ai-training-run-status">
              {t('training.lastFailed', { date: formatDate(latest.started_at) })}
              {latest.error_message ? ` ${latest.error_message}` : ''}
            </Text>
          ) : null}
          <Box>
            <Button
              colorPalette="brand"
              onClick={() => void handleTrain()}
              loading={start.isPending || active}
              loadingText={t('training.training')}
            >
              {last ? t('training.refresh') : t('training.train')}
            </Button>
          </Box>
          {error ? (
            <Text color="red.700" role="alert">
              {error}
            </Text>
          ) : null}
          {last ? (
            <Box borderWidth="1px" rounded="md" p={4}>
              <Heading as="h3" size="sm" mb={2}>
                {t('training.knowledge')}
              </Heading>
              <Text data-testid="ai-training-summary" whiteSpace="pre-wrap">
                {last.summary}
              </Text>
            </Box>
          ) : null}
        </Stack>
      </Box>

      <RunHistory />
    </Stack>
  );
}

function TokenEstimateSection({ sources }: { sources: SourceStat[] }) {
  const { t } = useTranslation('ai');
  const estimate = useCalculateTokens();
  const [chosen, setChosen] = useState<SourceKind[]>(() => sources.filter((s) => s.count > 0).map((s) => s.kind));
  const toggle = (kind: SourceKind) =>
    setChosen((current) => (current.includes(kind) ? current.filter((k) => k !== kind) : [...current, kind]));

  return (
    <Box as="section" aria-labelledby="ai-estimate-heading">
      <Heading as="h2" size="md" id="ai-estimate-heading" mb={3}>
        {t('estimate.heading')}
      </Heading>
      <chakra.form
        onSubmit={(event) => {
          event.preventDefault();
          estimate.mutate(chosen);
        }}
      >
        <Fieldset.Root>
          <Fieldset.Legend fontWeight="medium" mb={2}>
            {t('estimate.legend')}
          </Fieldset.Legend>
          <SimpleGrid columns={{ base: 2, md: 3 }} gap={2} maxW="2xl">
            {SOURCE_KINDS.map((kind) => (
              <CheckboxField
                key={kind}
                label={t(`sources.${kind}`)}
                mb={0}
                checked={chosen.includes(kind)}
                onChange={() => toggle(kind)}
              />
            ))}
          </SimpleGrid>
        </Fieldset.Root>
        <Button type="submit" variant="outline" mt={3} disabled={chosen.length === 0} loading={estimate.isPending}>
          {t('estimate.button')}
        </Button>
      </chakra.form>
      {estimate.isError ? (
        <Text color="red.700" role="alert" mt={2}>
          {apiErrorMessage(estimate.error, t('errors.estimateFailed'))}
        </Text>
      ) : null}
      {estimate.data ? (
        <Text mt={3} role="status" data-testid="ai-token-estimate">
          {t('estimate.result', { count: estimate.data.tokens, characters: estimate.data.characters })}
        </Text>
      ) : null}
    </Box>
  );
}

function RunHistory() {
  const { t } = useTranslation('ai');
  const [page, setPage] = useState(1);
  const runs = useTrainingRuns(page);
  const formatDate = useFormatDate();
  return (
    <Box as="section" aria-labelledby="ai-history-heading">
      <Heading as="h2" size="md" id="ai-history-heading" mb={3}>
        {t('history.heading')}
      </Heading>
      {runs.isPending ? (
        <PageSpinner />
      ) : runs.isError ? (
        <ErrorState title={t('errors.historyFailed')} onRetry={() => void runs.refetch()} />
      ) : runs.data.total === 0 ? (
        <Text>{t('history.empty')}</Text>
      ) : (
        <>
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm" aria-labelledby="ai-history-heading">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('history.started')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('history.status')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('history.engine')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('training.tokens')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('history.finished')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {runs.data.data.map((run) => (
                  <Table.Row key={run.id}>
                    <Table.Cell>{formatDate(run.started_at)}</Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={RUN_PALETTE[run.status]} variant="subtle">
                        {t(`runStatus.${run.status}`)}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell>{run.provider === 'embedded' ? t('history.embedded') : run.model}</Table.Cell>
                    <Table.Cell textAlign="end">{run.tokens}</Table.Cell>
                    <Table.Cell>{formatDate(run.finished_at)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <Pagination
            label={t('history.heading')}
            page={runs.data.currentPage}
            pageSize={runs.data.pageSize}
            total={runs.data.total}
            onChange={setPage}
          />
        </>
      )}
    </Box>
  );
}

/** The default questions the training asks about the business: how many the account's Q&A answers, the open ones, where to answer. */
function DefaultQuestionsSection() {
  const { t } = useTranslation('ai');
  const questions = useDefaultQuestions();
  const navigate = useCrossAreaNavigate();
  // Training-data failures are logged only (spec §8): no section then.
  if (!questions.data) return null;
  const { data, answered, total } = questions.data;
  const open = data.filter((q) => !q.answered);
  const href = `${paths.settings.businessProfile()}?tab=qa`;
  return (
    <Box as="section" aria-labelledby="ai-questions-heading">
      <Heading as="h2" size="md" id="ai-questions-heading" mb={2}>
        {t('training.questionsHeading')}
      </Heading>
      <Text data-testid="ai-questions-progress" mb={2}>
        {t('training.questionsProgress', { answered, total })}
      </Text>
      {open.length ? (
        <Stack as="ul" gap={1} ps={5} mb={2} aria-label={t('training.questionsOpen')}>
          {open.map((q) => (
            <li key={q.key}>{q.question}</li>
          ))}
        </Stack>
      ) : null}
      <Link
        href={href}
        color="brand.fg"
        textDecoration="underline"
        onClick={(event) => {
          event.preventDefault();
          navigate(href);
        }}
      >
        {t('training.questionsAnswer')}
      </Link>
    </Box>
  );
}
