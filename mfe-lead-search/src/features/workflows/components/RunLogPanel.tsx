import { Badge, Box, Button, Flex, Heading, Table, Text } from '@chakra-ui/react';
import { apiErrorMessage, ErrorState, PageSpinner, Pagination } from '@leadsmith/shared';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useWorkflowRun } from '../api/getWorkflowRun';
import { RUNS_PAGE_SIZE, useWorkflowRuns } from '../api/getWorkflowRuns';
import type { WorkflowRun } from '../api/getWorkflows';
import { useFormatDate } from './useFormatDate';

/** Counts a node reported (dropped by a filter, phones found, webhook deliveries…), in words. */
const DETAIL_KEYS = [
  'produced',
  'found',
  'dropped',
  'checked',
  'skipped',
  'updated',
  'written',
  'sent',
  'unsent',
] as const;
function detailText(detail: Record<string, unknown>, t: TFunction): string {
  return DETAIL_KEYS.filter((key) => typeof detail[key] === 'number' && (detail[key] as number) > 0)
    .map((key) => t(`workflow.detailKeys.${key}`, { count: detail[key] as number }))
    .join(' · ');
}

const STATUS_PALETTE: Record<string, string> = {
  running: 'blue',
  done: 'green',
  failed: 'red',
  pending: 'gray',
  skipped: 'gray',
};

export function RunStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('leadSearch');
  return (
    <Badge colorPalette={STATUS_PALETTE[status] ?? 'gray'} variant="subtle">
      {t(`workflow.runStatus.${status}`)}
    </Badge>
  );
}

/** The workflow's runs (newest first) and, for the chosen run, the log of every node. */
export function RunLogPanel({
  workflowId,
  selectedRunId,
  onSelectRun,
}: {
  workflowId: number;
  selectedRunId: number | null;
  onSelectRun: (id: number) => void;
}) {
  const { t } = useTranslation('leadSearch');
  const [page, setPage] = useState(1);
  const runs = useWorkflowRuns(workflowId, page);
  const when = useFormatDate();
  const shown = selectedRunId ?? runs.data?.data[0]?.id ?? null;

  return (
    <Box as="section" aria-labelledby="workflow-runs-title" mt={6}>
      <Heading as="h2" size="md" id="workflow-runs-title" mb={3}>
        {t('workflow.runs')}
      </Heading>
      {runs.isPending ? (
        <PageSpinner />
      ) : runs.isError ? (
        <ErrorState title={apiErrorMessage(runs.error, t('workflow.runsFailed'))} onRetry={() => void runs.refetch()} />
      ) : runs.data.data.length === 0 ? (
        <Text>{t('workflow.noRuns')}</Text>
      ) : (
        <Flex gap={4} align="start" direction={{ base: 'column', lg: 'row' }}>
          <Box minW="64">
            <Flex as="ul" direction="column" gap={1} listStyleType="none">
              {runs.data.data.map((run: WorkflowRun) => (
                <li key={run.id}>
                  <Button
                    size="sm"
                    variant={run.id === shown ? 'solid' : 'outline'}
                    colorPalette={run.id === shown ? 'brand' : 'gray'}
                    aria-pressed={run.id === shown}
                    onClick={() => onSelectRun(run.id)}
                    data-testid="workflow-run"
                    data-status={run.status}
                    w="full"
                    justifyContent="space-between"
                  >
                    <span>
                      {t('workflow.runTitle', { id: run.id, trigger: t(`workflow.triggers.${run.trigger}`) })}
                    </span>
                    <span>
                      {t(`workflow.runStatus.${run.status}`)} · {when(run.started_at)}
                    </span>
                  </Button>
                </li>
              ))}
            </Flex>
            <Pagination
              label={t('workflow.runs')}
              page={page}
              pageSize={RUNS_PAGE_SIZE}
              total={runs.data.total}
              onChange={setPage}
            />
          </Box>
          {shown ? <RunDetail workflowId={workflowId} runId={shown} /> : null}
        </Flex>
      )}
    </Box>
  );
}

function RunDetail({ workflowId, runId }: { workflowId: number; runId: number }) {
  const { t } = useTranslation('leadSearch');
  const run = useWorkflowRun(workflowId, runId);
  const when = useFormatDate();
  if (run.isPending) return <PageSpinner />;
  if (run.isError)
    return (
      <ErrorState title={apiErrorMessage(run.error, t('workflow.runsFailed'))} onRetry={() => void run.refetch()} />
    );
  const r = run.data;
  return (
    <Box flex="1" minW={0} data-testid="run-detail" data-status={r.status}>
      <Heading as="h3" size="sm" mb={2}>
        {t('workflow.runLogOf', { id: r.id })}
      </Heading>
      <Flex gap={4} wrap="wrap" mb={2} fontSize="sm">
        <span>
          {t('workflow.fields.status')}: <RunStatusBadge status={r.status} />
        </span>
        <span data-testid="run-items">{t('workflow.runItems', { count: r.items_out })}</span>
        <span data-testid="run-credits">{t('workflow.runCredits', { count: r.credits_spent })}</span>
        {r.finished_at ? <span>{t('workflow.finishedAt', { when: when(r.finished_at) })}</span> : null}
      </Flex>
      {r.error ? (
        <Text color="red.700" fontWeight="medium" mb={2} role="alert">
          {t(`workflow.runErrors.${r.error}`)}
        </Text>
      ) : null}
      <Box overflowX="auto" borderWidth="1px" borderRadius="md" bg="white">
        <Table.Root size="sm" aria-label={t('workflow.runLogOf', { id: r.id })}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('workflow.log.node')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('workflow.fields.status')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('workflow.log.in')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('workflow.log.out')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('workflow.log.credits')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('workflow.log.started')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('workflow.log.finished')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('workflow.log.detail')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('workflow.log.error')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {r.nodes.map((n) => (
              <Table.Row
                key={n.node_id}
                data-testid="run-node"
                data-node-id={n.node_id}
                data-kind={n.kind}
                data-status={n.status}
              >
                <Table.Cell>
                  {n.label || t(`workflow.kinds.${n.kind}`)}
                  {n.label ? (
                    <Text as="span" fontSize="xs">
                      {' '}
                      ({t(`workflow.kinds.${n.kind}`)})
                    </Text>
                  ) : null}
                </Table.Cell>
                <Table.Cell>
                  <RunStatusBadge status={n.status} />
                </Table.Cell>
                <Table.Cell textAlign="end" data-testid="run-node-in">
                  {n.items_in}
                </Table.Cell>
                <Table.Cell textAlign="end" data-testid="run-node-out">
                  {n.items_out}
                </Table.Cell>
                <Table.Cell textAlign="end" data-testid="run-node-credits">
                  {n.credits}
                </Table.Cell>
                <Table.Cell>{n.started_at ? when(n.started_at) : '—'}</Table.Cell>
                <Table.Cell>{n.finished_at ? when(n.finished_at) : '—'}</Table.Cell>
                <Table.Cell fontSize="xs" data-testid="run-node-detail">
                  {detailText(n.detail, t)}
                </Table.Cell>
                <Table.Cell color="red.700">{n.error ? t(`workflow.runErrors.${n.error}`) : ''}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Box>
  );
}
