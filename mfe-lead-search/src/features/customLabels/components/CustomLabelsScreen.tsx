import { Badge, Box, Button, chakra, Flex, HStack, Input, Table, Text } from '@chakra-ui/react';
import {
  apiErrorMessage,
  applyApiFieldErrors,
  DEFAULT_PAGE_SIZE,
  ErrorState,
  PageHeader,
  PageSpinner,
  Pagination,
  SelectField,
  TextField,
  useYupForm,
  v,
  yup,
} from '@leadsmith/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useDeleteLabel } from '../api/deleteLabel';
import { LABEL_COLORS, useLabels, type CustomLabel, type LabelColor } from '../api/getLabels';
import { useLabelResults } from '../api/getLabelResults';
import { useSaveLabel } from '../api/saveLabel';

interface LabelValues {
  name: string;
  color: LabelColor;
}

const MAX_NAME = 40;

function useLabelSchema() {
  return useMemo(
    () =>
      yup.object({
        name: v.required().max(MAX_NAME, v.message('maxLength', { count: MAX_NAME })),
        color: yup
          .mixed<LabelColor>()
          .oneOf([...LABEL_COLORS])
          .required(),
      }) as yup.ObjectSchema<LabelValues>,
    [],
  );
}

/** A label as a coloured badge (subtle variant: readable text on every palette). */
export function LabelBadge({ label }: { label: Pick<CustomLabel, 'name' | 'color'> }) {
  return (
    <Badge colorPalette={label.color} variant="subtle" data-testid="label-badge">
      {label.name}
    </Badge>
  );
}

/** The colours a label can take, named in the user's language. */
function useColorOptions() {
  const { t } = useTranslation('leadSearch');
  return LABEL_COLORS.map((c) => ({ value: c, label: t(`customLabels.colors.${c}`) }));
}

function CreateLabelForm() {
  const { t } = useTranslation('leadSearch');
  const colorOptions = useColorOptions();
  const save = useSaveLabel();
  const form = useYupForm<LabelValues>(useLabelSchema(), { defaultValues: { name: '', color: 'blue' } });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ name: values.name.trim(), color: values.color });
      form.reset({ name: '', color: values.color });
    } catch (error) {
      applyApiFieldErrors(form, error);
    }
  });
  return (
    <chakra.form aria-label={t('customLabels.createTitle')} onSubmit={(e) => void onSubmit(e)} noValidate mb={6}>
      <Text as="h2" fontWeight="bold" fontSize="lg" mb={3}>
        {t('customLabels.createTitle')}
      </Text>
      <Flex gap={4} align="flex-start" wrap="wrap">
        <Box w={{ base: 'full', md: '72' }}>
          <TextField
            label={t('customLabels.name')}
            registration={form.register('name')}
            error={form.formState.errors.name}
            maxLength={MAX_NAME}
          />
        </Box>
        <SelectField
          id="new-label-color"
          label={t('customLabels.color')}
          registration={form.register('color')}
          options={colorOptions}
        />
        <Button type="submit" colorPalette="brand" mt={7} loading={form.formState.isSubmitting}>
          {t('customLabels.create')}
        </Button>
      </Flex>
    </chakra.form>
  );
}

function EditLabelRow({ label, onDone }: { label: CustomLabel; onDone: () => void }) {
  const { t } = useTranslation('leadSearch');
  const colorOptions = useColorOptions();
  const { t: tc } = useTranslation('common');
  const save = useSaveLabel();
  const form = useYupForm<LabelValues>(useLabelSchema(), { defaultValues: { name: label.name, color: label.color } });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: label.id, name: values.name.trim(), color: values.color });
      onDone();
    } catch (error) {
      applyApiFieldErrors(form, error);
    }
  });
  return (
    <Table.Row>
      <Table.Cell colSpan={3}>
        <chakra.form
          aria-label={t('customLabels.editTitle', { name: label.name })}
          onSubmit={(e) => void onSubmit(e)}
          noValidate
        >
          <Flex gap={4} align="flex-start" wrap="wrap">
            <Box w={{ base: 'full', md: '72' }}>
              <TextField
                label={t('customLabels.name')}
                registration={form.register('name')}
                error={form.formState.errors.name}
                maxLength={MAX_NAME}
              />
            </Box>
            <SelectField
              id={`label-color-${label.id}`}
              label={t('customLabels.color')}
              registration={form.register('color')}
              options={colorOptions}
            />
            <HStack mt={7}>
              <Button type="submit" size="sm" colorPalette="brand" loading={form.formState.isSubmitting}>
                {tc('actions.save')}
              </Button>
              <Button size="sm" variant="outline" onClick={onDone}>
                {tc('actions.cancel')}
              </Button>
            </HStack>
          </Flex>
        </chakra.form>
      </Table.Cell>
    </Table.Row>
  );
}

function LabelRow({ label, onShow, shown }: { label: CustomLabel; onShow: () => void; shown: boolean }) {
  const { t } = useTranslation('leadSearch');
  const { t: tc } = useTranslation('common');
  const remove = useDeleteLabel();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  if (editing) return <EditLabelRow label={label} onDone={() => setEditing(false)} />;
  return (
    <Table.Row data-testid="label-row">
      <Table.Cell>
        <LabelBadge label={label} />
      </Table.Cell>
      <Table.Cell>{t('customLabels.resultCount', { count: label.result_count })}</Table.Cell>
      <Table.Cell>
        <HStack gap={2} wrap="wrap" justify="flex-end">
          <Button
            size="sm"
            variant="outline"
            aria-pressed={shown}
            onClick={onShow}
            aria-label={t('customLabels.showResultsOf', { name: label.name })}
          >
            {t('customLabels.showResults')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => setEditing(true)}
            aria-label={t('customLabels.editOf', { name: label.name })}
          >
            {t('customLabels.edit')}
          </Button>
          {confirming ? (
            <>
              <Text fontWeight="semibold">
                {t('customLabels.confirmDelete', { name: label.name, count: label.result_count })}
              </Text>
              <Button
                size="sm"
                colorPalette="red"
                loading={remove.isPending}
                onClick={() => {
                  remove.mutate(label.id, { onSettled: () => setConfirming(false) });
                }}
              >
                {t('customLabels.confirm')}
              </Button>
              <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
                {tc('actions.cancel')}
              </Button>
            </>
          ) : (
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              onClick={() => setConfirming(true)}
              aria-label={t('customLabels.deleteOf', { name: label.name })}
            >
              {t('customLabels.delete')}
            </Button>
          )}
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}

/** Results of every list carrying one label, each linking to its list and result. */
function LabelResults({ labelId, page, onPage }: { labelId: number; page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('leadSearch');
  const results = useLabelResults(labelId, page);
  if (results.isPending) return <PageSpinner />;
  if (results.isError)
    return (
      <ErrorState
        title={apiErrorMessage(results.error, t('customLabels.loadFailed'))}
        onRetry={() => void results.refetch()}
      />
    );
  const { data, total, label } = results.data;
  return (
    <Box as="section" aria-labelledby="label-results-title" mt={8}>
      <Text as="h2" id="label-results-title" fontWeight="bold" fontSize="lg" mb={3}>
        {t('customLabels.resultsTitle', { name: label.name })}
      </Text>
      {data.length === 0 ? (
        <Text py={4}>{t('customLabels.noResults')}</Text>
      ) : (
        <Table.Root size="sm" aria-label={t('customLabels.resultsTitle', { name: label.name })}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('customLabels.columns.name')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('customLabels.columns.email')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('customLabels.columns.list')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.map((r) => (
              <Table.Row key={r.id} data-testid="labelled-result">
                <Table.Cell>
                  <Link to={`/saved-lists/${r.list_type}-${r.campaign_id}/${r.id}`}>{r.name}</Link>
                  {r.company ? <Text fontSize="sm">{r.company}</Text> : null}
                </Table.Cell>
                <Table.Cell>{r.email ?? '—'}</Table.Cell>
                <Table.Cell>
                  <Link to={`/saved-lists/${r.list_type}-${r.campaign_id}`}>{r.campaign_name}</Link>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      <Pagination label={t('customLabels.resultsListName')} page={page} total={total} pageSize={20} onChange={onPage} />
    </Box>
  );
}

/** lead-search/custom-labels: the account's label catalogue (create, rename, colour, delete) and the results carrying each label. */
export function CustomLabelsScreen() {
  const { t } = useTranslation('leadSearch');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const shownId = Number(params.get('label')) || null;
  const resultsPage = Math.max(1, Number(params.get('resultsPage')) || 1);
  const [searchText, setSearchText] = useState(search);
  const labels = useLabels({ page, pageSize: DEFAULT_PAGE_SIZE, search: search || undefined });

  const update = (patch: Record<string, string | number | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, value] of Object.entries(patch)) {
      if (value === null || value === '' || (value === 1 && k.toLowerCase().endsWith('page'))) next.delete(k);
      else next.set(k, String(value));
    }
    setParams(next);
  };

  return (
    <Box>
      <PageHeader title={t('routes.customLabels')} />
      <Text mb={4}>{t('customLabels.intro')}</Text>
      <CreateLabelForm />
      <chakra.form
        role="search"
        display="flex"
        gap={2}
        alignItems="flex-end"
        mb={4}
        onSubmit={(e) => {
          e.preventDefault();
          update({ search: searchText.trim(), page: null });
        }}
      >
        <Box>
          <chakra.label htmlFor="labels-search" fontSize="sm" fontWeight="medium" display="block">
            {t('customLabels.search')}
          </chakra.label>
          <Input
            id="labels-search"
            size="sm"
            w="64"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
          />
        </Box>
        <Button type="submit" size="sm" variant="outline">
          {t('customLabels.apply')}
        </Button>
      </chakra.form>
      {labels.isPending ? (
        <PageSpinner />
      ) : labels.isError ? (
        <ErrorState
          title={apiErrorMessage(labels.error, t('customLabels.loadFailed'))}
          onRetry={() => void labels.refetch()}
        />
      ) : labels.data.data.length === 0 ? (
        <Text py={6}>{search ? t('customLabels.noMatch') : t('customLabels.empty')}</Text>
      ) : (
        <>
          <Table.Root size="sm" aria-label={t('routes.customLabels')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('customLabels.columns.label')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('customLabels.columns.results')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('customLabels.columns.actions')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {labels.data.data.map((label) => (
                <LabelRow
                  key={label.id}
                  label={label}
                  shown={shownId === label.id}
                  onShow={() => update({ label: shownId === label.id ? null : label.id, resultsPage: null })}
                />
              ))}
            </Table.Body>
          </Table.Root>
          <Pagination
            label={t('customLabels.listName')}
            page={page}
            total={labels.data.total}
            pageSize={DEFAULT_PAGE_SIZE}
            onChange={(p) => update({ page: p })}
          />
        </>
      )}
      {shownId ? (
        <LabelResults labelId={shownId} page={resultsPage} onPage={(p) => update({ resultsPage: p })} />
      ) : null}
    </Box>
  );
}
