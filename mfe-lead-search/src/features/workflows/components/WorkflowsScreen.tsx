import { Badge, Box, Button, Flex, Text } from '@chakra-ui/react';
import {
  apiErrorMessage,
  ConfirmDialog,
  DataTable,
  ErrorState,
  FilterSelect,
  PageHeader,
  PageSpinner,
  Pagination,
  useListParams,
  type Column,
} from '@leadsmith/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDeleteWorkflow } from '../api/deleteWorkflow';
import { useWorkflows, WORKFLOWS_PAGE_SIZE, type WorkflowSummary } from '../api/getWorkflows';
import { CreateWorkflowDialog } from './CreateWorkflowDialog';
import { useFormatDate } from './useFormatDate';

const FILTER_KEYS = ['status'] as const;

export function WorkflowStatusBadge({ status }: { status: WorkflowSummary['status'] }) {
  const { t } = useTranslation('leadSearch');
  return (
    <Badge colorPalette={status === 'published' ? 'green' : 'gray'} variant="subtle" data-testid="workflow-status">
      {t(`workflow.status.${status}`)}
    </Badge>
  );
}

/** lead-search/workflow: the account's workflows (status, trigger, last run), create from a template or blank, delete. */
export function WorkflowsScreen() {
  const { t } = useTranslation('leadSearch');
  const { page, filters, setFilter, setPage } = useListParams(FILTER_KEYS);
  const status = (filters.status === 'draft' || filters.status === 'published' ? filters.status : '') as
    '' | 'draft' | 'published';
  const list = useWorkflows({ page, status });
  const remove = useDeleteWorkflow();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<WorkflowSummary | null>(null);
  const when = useFormatDate();

  const columns: Column<WorkflowSummary>[] = [
    { key: 'name', header: t('workflow.fields.name'), render: (w) => <Link to={`/workflow/${w.id}`}>{w.name}</Link> },
    { key: 'status', header: t('workflow.fields.status'), render: (w) => <WorkflowStatusBadge status={w.status} /> },
    {
      key: 'trigger',
      header: t('workflow.fields.trigger'),
      render: (w) =>
        w.trigger_mode === 'schedule' && w.repeat ? t(`workflow.repeat.${w.repeat}`) : t('workflow.modes.manual'),
    },
    { key: 'nodes', header: t('workflow.fields.nodes'), end: true, render: (w) => w.node_count },
    {
      key: 'lastRun',
      header: t('workflow.fields.lastRun'),
      render: (w) =>
        w.last_run ? (
          <Text as="span" data-testid="workflow-last-run">
            {t(`workflow.runStatus.${w.last_run.status}`)} · {when(w.last_run.started_at)}
          </Text>
        ) : (
          t('workflow.neverRun')
        ),
    },
    {
      key: 'actions',
      header: t('workflow.fields.actions'),
      end: true,
      render: (w) => (
        <Button
          size="xs"
          variant="outline"
          onClick={() => setDeleting(w)}
          aria-label={t('workflow.deleteNamed', { name: w.name })}
        >
          {t('workflow.delete')}
        </Button>
      ),
    },
  ];

  return (
    <Box>
      <PageHeader
        title={t('routes.workflows')}
        actions={
          <Button colorPalette="brand" onClick={() => setCreating(true)}>
            {t('workflow.create')}
          </Button>
        }
      />
      <Text mb={4}>{t('workflow.intro')}</Text>
      <Flex mb={4}>
        <FilterSelect
          label={t('workflow.fields.status')}
          value={status}
          onChange={(value) => setFilter('status', value)}
          allLabel={t('workflow.status.all')}
          options={[
            { value: 'draft', label: t('workflow.status.draft') },
            { value: 'published', label: t('workflow.status.published') },
          ]}
        />
      </Flex>
      {list.isPending ? (
        <PageSpinner />
      ) : list.isError ? (
        <ErrorState title={apiErrorMessage(list.error, t('workflow.loadFailed'))} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <DataTable label={t('routes.workflows')} columns={columns} rows={list.data.data} rowKey={(w) => w.id} />
          <Pagination
            label={t('routes.workflows')}
            page={page}
            pageSize={WORKFLOWS_PAGE_SIZE}
            total={list.data.total}
            onChange={setPage}
          />
        </>
      )}
      <CreateWorkflowDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('workflow.deleteTitle')}
        body={t('workflow.deleteBody', { name: deleting?.name ?? '' })}
        confirmLabel={t('workflow.delete')}
        destructive
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, { onSettled: () => setDeleting(null) });
        }}
      />
    </Box>
  );
}
