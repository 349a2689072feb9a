import { Badge, Box, Button, chakra, Flex, Input, Table, Text } from '@chakra-ui/react';
import {
  apiErrorMessage,
  applyApiFieldErrors,
  DEFAULT_PAGE_SIZE,
  ErrorState,
  PageHeader,
  PageSpinner,
  Pagination,
  TableFrame,
  TextField,
  useYupForm,
  v,
  yup,
  i18n,
} from '@leadsmith/shared';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSuppressions, type Suppression } from '../api/getSuppressions';
import {
  useAddSuppression,
  useDeleteSuppression,
  useImportSuppressions,
  type SuppressionImport,
} from '../api/saveSuppressions';
import { BounceReportsPanel } from '../../emailGrades/components/BounceReportsPanel';

interface EntryValues {
  value: string;
  reason: string;
}

/** Same limit as the API (SUPPRESSION_CSV_MAX_BYTES): a bigger file is refused before it is read. */
const CSV_MAX_BYTES = 5 * 1024 * 1024;

function AddEntryForm() {
  const { t } = useTranslation('leadSearch');
  const add = useAddSuppression();
  const schema = useMemo(
    () =>
      yup.object({
        value: v.required().max(300),
        reason: yup.string().max(200).default(''),
      }) as yup.ObjectSchema<EntryValues>,
    [],
  );
  const form = useYupForm<EntryValues>(schema, { defaultValues: { value: '', reason: '' } });
  const onSubmit = form.handleSubmit(async ({ value, reason }) => {
    try {
      await add.mutateAsync({ value: value.trim(), ...(reason.trim() ? { reason: reason.trim() } : {}) });
      form.reset({ value: '', reason });
    } catch (error) {
      applyApiFieldErrors(form, error);
    }
  });
  return (
    <chakra.form aria-label={t('doNotContact.addTitle')} onSubmit={(e) => void onSubmit(e)} noValidate mb={6}>
      <Text as="h2" fontWeight="bold" fontSize="lg" mb={1}>
        {t('doNotContact.addTitle')}
      </Text>
      <Text fontSize="sm" color="fg.muted" mb={3}>
        {t('doNotContact.addHelp')}
      </Text>
      <Flex gap={4} align="flex-start" wrap="wrap">
        <Box w={{ base: 'full', md: '72' }}>
          <TextField
            label={t('doNotContact.value')}
            registration={form.register('value')}
            error={form.formState.errors.value}
            placeholder="name@example.com / example.com"
          />
        </Box>
        <Box w={{ base: 'full', md: '72' }}>
          <TextField
            label={t('doNotContact.reason')}
            registration={form.register('reason')}
            error={form.formState.errors.reason}
            maxLength={200}
          />
        </Box>
        <Button type="submit" colorPalette="brand" mt={7} loading={form.formState.isSubmitting}>
          {t('doNotContact.add')}
        </Button>
      </Flex>
    </chakra.form>
  );
}

function CsvUpload() {
  const { t } = useTranslation('leadSearch');
  const upload = useImportSuppressions();
  const input = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<SuppressionImport | null>(null);
  const [tooBig, setTooBig] = useState(false);
  const handleFile = async (file: File | undefined) => {
    setOutcome(null);
    setTooBig(false);
    if (!file) return;
    if (file.size > CSV_MAX_BYTES) {
      setTooBig(true);
      return;
    }
    try {
      setOutcome(await upload.mutateAsync({ csv: await file.text() }));
    } catch {
      // The API's message is shown as a toast.
    } finally {
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Box as="section" aria-labelledby="dnc-upload-title" mb={6}>
      <Text as="h2" id="dnc-upload-title" fontWeight="bold" fontSize="lg" mb={1}>
        {t('doNotContact.uploadTitle')}
      </Text>
      <Text fontSize="sm" color="fg.muted" mb={3}>
        {t('doNotContact.uploadHelp')}
      </Text>
      <chakra.label htmlFor="dnc-csv" fontSize="sm" fontWeight="medium" display="block" mb={1}>
        {t('doNotContact.csvFile')}
      </chakra.label>
      <input
        id="dnc-csv"
        ref={input}
        type="file"
        accept=".csv,text/csv,text/plain"
        disabled={upload.isPending}
        onChange={(e) => void handleFile(e.target.files?.[0])}
      />
      {tooBig ? (
        <Text role="alert" color="red.700" mt={2}>
          {t('doNotContact.tooBig', { mb: CSV_MAX_BYTES / 1024 / 1024 })}
        </Text>
      ) : null}
      {outcome ? (
        <Box role="status" mt={3} data-testid="dnc-upload-outcome">
          <Text>
            {t('doNotContact.uploaded', {
              added: outcome.added,
              already: outcome.already_listed,
              invalid: outcome.invalid_count,
            })}
          </Text>
          {outcome.invalid.length ? (
            <chakra.ul fontSize="sm" ps={5} listStyleType="disc">
              {outcome.invalid.map((line) => (
                <li key={line.line}>{t('doNotContact.invalidLine', { line: line.line, value: line.value })}</li>
              ))}
            </chakra.ul>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}

function EntryRow({ entry }: { entry: Suppression }) {
  const { t } = useTranslation('leadSearch');
  const remove = useDeleteSuppression();
  return (
    <Table.Row data-testid="dnc-row">
      <Table.Cell>{entry.value}</Table.Cell>
      <Table.Cell>
        <Badge>{t(`doNotContact.kinds.${entry.kind === 'domain' ? 'domain' : 'email'}`)}</Badge>
      </Table.Cell>
      <Table.Cell>{entry.reason ?? ''}</Table.Cell>
      <Table.Cell>
        {t(`doNotContact.sources.${['manual', 'csv', 'bounce'].includes(entry.source) ? entry.source : 'other'}`)}
      </Table.Cell>
      <Table.Cell>{new Date(entry.created_at).toLocaleDateString(i18n.language, { dateStyle: 'medium' })}</Table.Cell>
      <Table.Cell>
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          loading={remove.isPending}
          onClick={() => remove.mutate(entry.id)}
          aria-label={t('doNotContact.removeOf', { value: entry.value })}
        >
          {t('doNotContact.remove')}
        </Button>
      </Table.Cell>
    </Table.Row>
  );
}

/** lead-search/do-not-contact: the account's suppression list (emails and whole domains), one by one or from a CSV file. */
export function DoNotContactScreen() {
  const { t } = useTranslation('leadSearch');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const [searchText, setSearchText] = useState(search);
  const entries = useSuppressions({ page, pageSize: DEFAULT_PAGE_SIZE, search: search || undefined });
  const setPage = (next: number) => {
    const p = new URLSearchParams(params);
    if (next === 1) p.delete('page');
    else p.set('page', String(next));
    setParams(p);
  };
  const total = entries.data?.total ?? 0;
  return (
    <Box>
      <PageHeader title={t('routes.doNotContact')} />
      <Text mb={6}>{t('doNotContact.intro')}</Text>
      <AddEntryForm />
      <CsvUpload />
      <chakra.form
        role="search"
        display="flex"
        gap={2}
        alignItems="flex-end"
        mb={4}
        onSubmit={(e) => {
          e.preventDefault();
          const p = new URLSearchParams(params);
          p.delete('page');
          if (searchText.trim()) p.set('search', searchText.trim());
          else p.delete('search');
          setParams(p);
        }}
      >
        <Box>
          <chakra.label htmlFor="dnc-search" fontSize="sm" fontWeight="medium" display="block">
            {t('doNotContact.search')}
          </chakra.label>
          <Input id="dnc-search" size="sm" w="64" value={searchText} onChange={(e) => setSearchText(e.target.value)} />
        </Box>
        <Button type="submit" size="sm" variant="outline">
          {t('toolbar.apply')}
        </Button>
      </chakra.form>
      {entries.isPending ? (
        <PageSpinner />
      ) : entries.isError ? (
        <ErrorState
          title={apiErrorMessage(entries.error, t('errors.loadFailed'))}
          onRetry={() => void entries.refetch()}
        />
      ) : entries.data.data.length === 0 ? (
        <Text py={8} textAlign="center">
          {t('doNotContact.empty')}
        </Text>
      ) : (
        <TableFrame label={t('routes.doNotContact')}>
          <Table.Root size="sm" aria-label={t('routes.doNotContact')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('doNotContact.columns.value')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('doNotContact.columns.kind')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('doNotContact.columns.reason')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('doNotContact.columns.source')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('doNotContact.columns.added')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('doNotContact.columns.actions')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {entries.data.data.map((entry) => (
                <EntryRow key={entry.id} entry={entry} />
              ))}
            </Table.Body>
          </Table.Root>
        </TableFrame>
      )}
      {entries.isSuccess ? (
        <Pagination
          label={t('doNotContact.listName')}
          page={page}
          pageSize={DEFAULT_PAGE_SIZE}
          total={total}
          onChange={setPage}
        />
      ) : null}
      <BounceReportsPanel />
    </Box>
  );
}
