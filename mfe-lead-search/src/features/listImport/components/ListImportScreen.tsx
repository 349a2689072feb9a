import { Box, Button, Card, chakra, Heading, HStack, Input, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import {
  FilterSelect,
  apiErrorMessage,
  COST_PER_RECORD,
  ErrorState,
  PageHeader,
  CheckboxField,
  toast,
} from '@leadsmith/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { parseListParam, type SearchType } from '../../../api/types';
import {
  IMPORT_FIELDS,
  useDownloadImportReport,
  useImport,
  useSavedMappings,
  useStartImport,
  useUploadImport,
  type ImportField,
  type ImportMapping,
  type UploadedImport,
} from '../api/listImports';

/** Largest file the API takes (IMPORT_MAX_BYTES): a bigger one is refused before it is sent. */
const MAX_BYTES = 50 * 1024 * 1024;
/** saved-lists/{type}-{id}/import: upload a CSV file, map its columns with a preview, run the import and follow it. */
export function ListImportScreen() {
  const { t } = useTranslation('leadSearch');
  const navigate = useNavigate();
  const parsed = parseListParam(useParams().typeId);
  const [uploaded, setUploaded] = useState<UploadedImport | null>(null);
  const [importId, setImportId] = useState<number | null>(null);
  const header = <PageHeader title={t('routes.listImport')} onBack={() => navigate('..', { relative: 'path' })} />;
  if (!parsed) {
    return (
      <Box>
        {header}
        <ErrorState title={t('errors.listNotFound')} />
      </Box>
    );
  }
  const { type, id } = parsed;
  return (
    <Box>
      {header}
      {importId !== null ? (
        <ImportProgress listId={id} importId={importId} />
      ) : uploaded ? (
        <MappingForm
          type={type}
          listId={id}
          uploaded={uploaded}
          onStarted={() => setImportId(uploaded.import.id)}
          onCancel={() => setUploaded(null)}
        />
      ) : (
        <UploadStep listId={id} onUploaded={setUploaded} />
      )}
    </Box>
  );
}

function UploadStep({ listId, onUploaded }: { listId: number; onUploaded: (u: UploadedImport) => void }) {
  const { t } = useTranslation('leadSearch');
  const upload = useUploadImport();
  const [error, setError] = useState<string | null>(null);
  const handleFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_BYTES) {
      setError(t('import.tooBig', { mb: MAX_BYTES / 1024 / 1024 }));
      return;
    }
    setError(null);
    try {
      onUploaded(await upload.mutateAsync({ listId, file }));
    } catch (e) {
      setError(apiErrorMessage(e, t('import.uploadFailed')));
    }
  };
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Stack gap={2}>
          <Text>{t('import.intro')}</Text>
          <chakra.label htmlFor="import-file" fontWeight="medium">
            {t('import.file')}
          </chakra.label>
          <input
            id="import-file"
            type="file"
            accept=".csv,text/csv"
            disabled={upload.isPending}
            onChange={(e) => void handleFile(e.target.files?.[0])}
          />
          {upload.isPending ? <Text role="status">{t('import.reading')}</Text> : null}
          {error ? (
            <Text role="alert" color="fg.error">
              {error}
            </Text>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

interface MappingFormProps {
  type: SearchType;
  listId: number;
  uploaded: UploadedImport;
  onStarted: () => void;
  onCancel: () => void;
}

function MappingForm({ type, listId, uploaded, onStarted, onCancel }: MappingFormProps) {
  const { t } = useTranslation('leadSearch');
  const columns = uploaded.import.columns;
  const [mapping, setMapping] = useState<ImportMapping>(uploaded.suggested_mapping);
  const [saveAs, setSaveAs] = useState('');
  const [findEmails, setFindEmails] = useState(false);
  const [duplicates, setDuplicates] = useState<'keep' | 'skip'>('keep');
  const [savedChoice, setSavedChoice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const saved = useSavedMappings(type);
  const start = useStartImport(type);

  const applySaved = (name: string) => {
    const chosen = saved.data?.data.find((m) => m.name === name);
    if (!chosen) return;
    // Only the columns this file has.
    setMapping(
      Object.fromEntries(
        Object.entries(chosen.mapping).filter(([, column]) => column && columns.includes(column)),
      ) as ImportMapping,
    );
  };
  const handleStart = async () => {
    setError(null);
    try {
      const body = {
        mapping,
        find_emails: findEmails,
        duplicates,
        ...(saveAs.trim() ? { save_mapping_as: saveAs.trim() } : {}),
      };
      const started = await start.mutateAsync({ listId, importId: uploaded.import.id, body });
      toast.info(started.message);
      onStarted();
    } catch (e) {
      setError(apiErrorMessage(e, t('import.startFailed')));
    }
  };

  return (
    <Stack gap={4}>
      <Text data-testid="import-summary">
        {t('import.fileSummary', { name: uploaded.import.file_name, count: uploaded.import.total })}
      </Text>
      {saved.data?.data.length ? (
        <FilterSelect
          id="import-saved"
          width="64"
          label={t('import.savedMapping')}
          value={savedChoice}
          onChange={(name) => {
            setSavedChoice(name);
            applySaved(name);
          }}
          allLabel={t('import.chooseSaved')}
          options={saved.data.data.map((m) => ({ value: m.name, label: m.name }))}
        />
      ) : null}
      <Box as="section" aria-labelledby="import-mapping-title">
        <Heading as="h2" size="sm" id="import-mapping-title" mb={2}>
          {t('import.mappingTitle')}
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap={3}>
          {IMPORT_FIELDS.map((field: ImportField) => (
            <FilterSelect
              key={field}
              id={`map-${field}`}
              width="full"
              label={t(`import.field.${field}`)}
              value={mapping[field] ?? ''}
              onChange={(v) => setMapping((m) => ({ ...m, [field]: v || undefined }))}
              allLabel={t('import.notImported')}
              options={columns.map((c) => ({ value: c, label: c }))}
            />
          ))}
        </SimpleGrid>
      </Box>
      <Box as="section" aria-labelledby="import-preview-title" overflowX="auto">
        <Heading as="h2" size="sm" id="import-preview-title" mb={2}>
          {t('import.previewTitle')}
        </Heading>
        <Table.Root size="sm" aria-labelledby="import-preview-title">
          <Table.Header>
            <Table.Row>
              {columns.map((c) => (
                <Table.ColumnHeader key={c}>{c}</Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {uploaded.preview.map((cells, i) => (
              <Table.Row key={i} data-testid="import-preview-row">
                {columns.map((c, j) => (
                  <Table.Cell key={c}>{cells[j] ?? ''}</Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      <Stack gap={2}>
        <CheckboxField
          label={t('import.findEmails', { count: COST_PER_RECORD[type] })}
          mb={0}
          checked={findEmails}
          onChange={setFindEmails}
        />
        <FilterSelect
          id="import-duplicates"
          width="72"
          label={t('import.duplicates')}
          value={duplicates}
          onChange={(v) => setDuplicates(v === 'skip' ? 'skip' : 'keep')}
          options={[
            { value: 'keep', label: t('import.duplicatesKeep') },
            { value: 'skip', label: t('import.duplicatesSkip') },
          ]}
        />
        <Box>
          <chakra.label htmlFor="import-save-as" fontSize="sm" fontWeight="medium" display="block">
            {t('import.saveAs')}
          </chakra.label>
          <Input
            id="import-save-as"
            size="sm"
            w="72"
            maxLength={80}
            value={saveAs}
            onChange={(e) => setSaveAs(e.target.value)}
          />
        </Box>
      </Stack>
      {error ? (
        <Text role="alert" color="fg.error">
          {error}
        </Text>
      ) : null}
      <HStack>
        <Button colorPalette="brand" onClick={() => void handleStart()} loading={start.isPending}>
          {t('import.start')}
        </Button>
        <Button variant="outline" onClick={onCancel}>
          {t('import.otherFile')}
        </Button>
      </HStack>
    </Stack>
  );
}

function ImportProgress({ listId, importId }: { listId: number; importId: number }) {
  const { t } = useTranslation('leadSearch');
  const navigate = useNavigate();
  const progress = useImport(listId, importId);
  const report = useDownloadImportReport();
  const item = progress.data?.import;
  if (!item) return <Text role="status">{t('import.reading')}</Text>;
  const leftOut = item.duplicates + item.suppressed + item.failed;
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Stack gap={2} role="status" aria-live="polite">
          <Text fontWeight="semibold" data-testid="import-status" data-status={item.status}>
            {t(`import.status.${item.status}`)}
          </Text>
          <progress value={item.processed} max={Math.max(1, item.total)} aria-label={t('import.progressLabel')} />
          <Text>{t('import.processed', { done: item.processed, total: item.total })}</Text>
          <Text data-testid="import-figures">
            {t('import.figures', {
              imported: item.imported,
              duplicates: item.duplicates,
              suppressed: item.suppressed,
              failed: item.failed,
            })}
          </Text>
          {item.find_emails ? (
            <Text>{t('import.emailsFound', { found: item.emails_found, credits: item.credits_charged })}</Text>
          ) : null}
          {item.stopped_no_credits ? <Text color="fg.warning">{t('import.noCredits')}</Text> : null}
        </Stack>
        {item.status === 'done' || item.status === 'failed' ? (
          <HStack mt={3}>
            {leftOut > 0 ? (
              <Button
                size="sm"
                variant="outline"
                loading={report.isPending}
                onClick={() =>
                  void report
                    .mutateAsync({ listId, importId })
                    .catch((e: unknown) => toast.error(apiErrorMessage(e, t('import.reportFailed'))))
                }
              >
                {t('import.downloadReport')}
              </Button>
            ) : null}
            <Button size="sm" colorPalette="brand" onClick={() => navigate('..', { relative: 'path' })}>
              {t('import.backToList')}
            </Button>
          </HStack>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
