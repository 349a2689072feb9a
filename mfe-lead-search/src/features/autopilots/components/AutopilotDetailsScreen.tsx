import { Badge, Box, Button, chakra, Flex, HStack, SimpleGrid, Table, Text } from '@chakra-ui/react';
import { apiErrorMessage, ErrorState, PageHeader, PageSpinner, Pagination } from '@leadsmith/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useDeleteAutopilot } from '../api/deleteAutopilot';
import { isBusy, useAutopilot } from '../api/getAutopilot';
import { useAutopilotRuns } from '../api/getAutopilotRuns';
import { autopilotPath, parseAutopilotParam, type Autopilot, type AutopilotRun } from '../api/getAutopilots';
import { useSetAutopilotStatus } from '../api/setAutopilotStatus';
import { StatusBadge } from './AutopilotsScreen';
import { useFormatDate, useFormatDateIn } from './format';

/** lead-search/autopilot/{type}-{id}: the autopilot, its schedule, and every run with what it did. */
export function AutopilotDetailsScreen() {
  const { t } = useTranslation('leadSearch');
  const navigate = useNavigate();
  const id = parseAutopilotParam(useParams().typeId);
  const autopilot = useAutopilot(id);
  const header = <PageHeader title={t('routes.autopilotDetails')} onBack={() => navigate(-1)} />;
  if (id === null || autopilot.isError) {
    return (
      <Box>
        {header}
        <ErrorState
          title={
            autopilot.isError ? apiErrorMessage(autopilot.error, t('autopilot.notFound')) : t('autopilot.notFound')
          }
        />
      </Box>
    );
  }
  return (
    <Box>
      {header}
      {autopilot.isPending ? <PageSpinner /> : <Details autopilot={autopilot.data} />}
    </Box>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <chakra.dt fontSize="sm" fontWeight="semibold">
        {label}
      </chakra.dt>
      <chakra.dd m={0}>{children}</chakra.dd>
    </Box>
  );
}

/** What a run did after its search: enrichment, AI prompts, webhook and CRM sends, and why a step could not run. */
function RunSteps({ run, autopilot }: { run: AutopilotRun; autopilot: Autopilot }) {
  const { t } = useTranslation('leadSearch');
  const lines: { key: string; text: string }[] = [];
  if (run.actions_state === 'pending') lines.push({ key: 'pending', text: t('autopilotActions.pending') });
  // A step that could not run says why below instead of showing zero figures.
  const failed = new Set(run.step_errors.map((e) => e.step));
  if ((autopilot.enrichment && !failed.has('enrichment')) || run.enriched > 0) {
    lines.push({
      key: 'enriched',
      text: t('autopilotActions.enriched', { n: run.enriched, credits: run.enrich_credits }),
    });
  }
  if ((autopilot.ai_prompts.length && !failed.has('ai')) || run.ai_processed > 0)
    lines.push({ key: 'ai', text: t('autopilotActions.ai', { count: run.ai_processed }) });
  if ((autopilot.type === 'webhook' && !failed.has('webhook')) || run.webhook_sent + run.webhook_unsent > 0) {
    lines.push({
      key: 'webhook',
      text: t('autopilotActions.webhook', { sent: run.webhook_sent, unsent: run.webhook_unsent }),
    });
  }
  if ((autopilot.crm && !failed.has('crm')) || run.crm_sent + run.crm_unsent + run.crm_pending > 0) {
    const name = autopilot.crm ? t(`autopilot.crms.${autopilot.crm}`) : t('autopilotActions.theCrm');
    lines.push({ key: 'crm', text: t('autopilotActions.crm', { name, sent: run.crm_sent, unsent: run.crm_unsent }) });
    if (run.crm_pending > 0)
      lines.push({ key: 'crmPending', text: t('autopilotActions.crmPending', { count: run.crm_pending }) });
  }
  if (!lines.length && !run.step_errors.length) return <>—</>;
  return (
    <Box fontSize="sm">
      {lines.map((l) => (
        <Text key={l.key} data-testid={`run-${l.key}`}>
          {l.text}
        </Text>
      ))}
      {run.step_errors.map((e) => (
        <Text key={`${e.step}-${e.code}`} color="red.700" data-testid="run-step-error">
          {t(`autopilotActions.stepErrors.${e.code}`, { defaultValue: t('autopilotActions.stepErrors.unknown') })}
        </Text>
      ))}
    </Box>
  );
}

function Details({ autopilot: a }: { autopilot: Autopilot }) {
  const { t } = useTranslation('leadSearch');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const when = useFormatDate();
  const whenIn = useFormatDateIn();
  const status = useSetAutopilotStatus();
  const remove = useDeleteAutopilot();
  const [confirming, setConfirming] = useState(false);
  const [page, setPage] = useState(1);
  const runs = useAutopilotRuns(a.id, page, isBusy(a));
  // The autopilot (polled while busy) says when a run starts or ends: the run history follows at once.
  const client = useQueryClient();
  const lastRunState = `${a.last_run?.id ?? 0}:${a.last_run?.status ?? ''}`;
  useEffect(() => {
    void client.invalidateQueries({ queryKey: ['leadSearch', 'autopilots', 'runs', a.id] });
  }, [client, a.id, lastRunState]);
  const filterText = Object.values(a.filters)
    .flat()
    .filter((x) => x !== '' && x !== null && x !== undefined)
    .join(', ');

  return (
    <Box>
      <Flex justify="space-between" align="flex-start" wrap="wrap" gap={3} mb={4}>
        <Box>
          <Text as="h2" fontSize="xl" fontWeight="bold">
            {a.name}
          </Text>
          <HStack mt={1}>
            <StatusBadge autopilot={a} />
            <Badge variant="outline">{t(`autopilot.types.${a.type}`)}</Badge>
          </HStack>
        </Box>
        <HStack wrap="wrap">
          <Button asChild variant="outline" size="sm">
            <Link to={`${autopilotPath(a)}/edit`}>{t('autopilot.edit')}</Link>
          </Button>
          {a.status === 'active' ? (
            <Button
              size="sm"
              variant="outline"
              loading={status.isPending}
              onClick={() => status.mutate({ id: a.id, status: 'paused' })}
            >
              {t('autopilot.pause')}
            </Button>
          ) : a.status !== 'completed' ? (
            <Button
              size="sm"
              colorPalette="brand"
              loading={status.isPending}
              onClick={() => status.mutate({ id: a.id, status: 'active' })}
            >
              {t('autopilot.resume')}
            </Button>
          ) : null}
          {confirming ? (
            <>
              <Text fontWeight="semibold">{t('autopilot.confirmDelete')}</Text>
              <Button
                size="sm"
                colorPalette="red"
                loading={remove.isPending}
                onClick={() => remove.mutate(a.id, { onSuccess: () => navigate('/autopilot', { replace: true }) })}
              >
                {t('autopilot.confirmDeleteYes')}
              </Button>
              <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
                {tc('actions.cancel')}
              </Button>
            </>
          ) : (
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
              {t('autopilot.delete')}
            </Button>
          )}
        </HStack>
      </Flex>
      {a.stop_reason ? (
        <Box
          role="alert"
          borderWidth="1px"
          borderColor="red.300"
          bg="red.50"
          color="red.800"
          p={3}
          borderRadius="md"
          mb={4}
        >
          {t(`autopilot.stopReasonLong.${a.stop_reason}`)}
        </Box>
      ) : null}
      <SimpleGrid as="dl" columns={{ base: 1, md: 3 }} gap={4} mb={6}>
        <Field label={t('autopilot.fields.list')}>
          <Link to={`/saved-lists/${a.campaign.list_type}-${a.campaign.id}`}>{a.campaign.name}</Link>
        </Field>
        <Field label={t('autopilot.fields.repeat')}>{t(`autopilot.repeat.${a.repeat}`)}</Field>
        <Field label={t('autopilot.fields.timeZone')}>{a.time_zone.replace(/_/g, ' ')}</Field>
        <Field label={t('autopilot.fields.nextRun')}>
          <span data-testid="next-run">{a.next_run_at ? whenIn(a.next_run_at, a.time_zone) : '—'}</span>
        </Field>
        <Field label={t('autopilot.fields.location')}>{a.location}</Field>
        <Field label={t('autopilot.fields.filters')}>{filterText || '—'}</Field>
        <Field label={t('autopilot.fields.maxResults')}>{a.max_results}</Field>
        <Field label={t('autopilot.fields.enrichment')}>{a.enrichment ? t('autopilot.yes') : t('autopilot.no')}</Field>
        <Field label={t('autopilot.fields.aiPrompts')}>
          {a.ai_prompts.length ? a.ai_prompts.map((p) => t(`autopilot.prompts.${p}`)).join(', ') : '—'}
        </Field>
        <Field label={t('autopilot.fields.crm')}>{a.crm ? t(`autopilot.crms.${a.crm}`) : t('autopilot.noCrm')}</Field>
      </SimpleGrid>

      <Text as="h2" fontSize="lg" fontWeight="bold" mb={3}>
        {t('autopilot.runs.title')}
      </Text>
      {runs.isPending ? (
        <PageSpinner />
      ) : runs.isError ? (
        <ErrorState
          title={apiErrorMessage(runs.error, t('autopilot.loadFailed'))}
          onRetry={() => void runs.refetch()}
          error={runs.error}
        />
      ) : runs.data.data.length === 0 ? (
        <Text py={4}>{a.status === 'active' ? t('autopilot.runs.firstSoon') : t('autopilot.runs.none')}</Text>
      ) : (
        <>
          <Table.Root size="sm" aria-label={t('autopilot.runs.title')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('autopilot.runs.started')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('autopilot.runs.finished')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('autopilot.runs.status')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('autopilot.runs.results')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('autopilot.runs.credits')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('autopilotActions.column')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('autopilot.runs.error')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {runs.data.data.map((r) => (
                <Table.Row key={r.id} data-testid="autopilot-run" data-status={r.status}>
                  <Table.Cell>{when(r.started_at)}</Table.Cell>
                  <Table.Cell>{r.finished_at ? when(r.finished_at) : '—'}</Table.Cell>
                  <Table.Cell>{t(`autopilot.runs.statuses.${r.status}`)}</Table.Cell>
                  <Table.Cell data-testid="run-results">{r.results_added}</Table.Cell>
                  <Table.Cell>{r.credits_spent}</Table.Cell>
                  <Table.Cell>
                    <RunSteps run={r} autopilot={a} />
                  </Table.Cell>
                  <Table.Cell>{r.error ? t(`autopilot.runs.errors.${r.error}`) : '—'}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          <Pagination
            label={t('autopilot.runs.listName')}
            page={page}
            total={runs.data.total}
            pageSize={20}
            onChange={setPage}
          />
        </>
      )}
    </Box>
  );
}
