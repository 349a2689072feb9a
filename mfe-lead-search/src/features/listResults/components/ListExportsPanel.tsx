import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { apiErrorMessage } from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import type { ResultFilters } from '../api/getResults';
import {
  useDeleteListExport,
  useDownloadListExport,
  useListExports,
  useStartListExport,
  type ListExport,
} from '../api/listExports';

export interface ListExportsPanelProps {
  campaignId: number;
  /** The list's current filters: a file holds every row matching them. */
  filters: Omit<ResultFilters, 'page' | 'limit'>;
}

/** Files of the list prepared in the background: start one, watch its progress, download it until it expires. */
export function ListExportsPanel({ campaignId, filters }: ListExportsPanelProps) {
  const { t } = useTranslation('leadSearch');
  const exports = useListExports(campaignId);
  const start = useStartListExport();
  const items = exports.data?.data ?? [];
  return (
    <Box as="section" aria-labelledby="list-exports-heading" borderWidth="1px" borderRadius="md" p={3} mb={4}>
      <HStack justify="space-between" wrap="wrap" gap={2}>
        <Heading as="h2" size="sm" id="list-exports-heading">
          {t('listExports.title')}
        </Heading>
        <Button
          size="sm"
          variant="outline"
          loading={start.isPending}
          onClick={() => start.mutate({ campaign_id: campaignId, filters })}
        >
          {t('listExports.prepare')}
        </Button>
      </HStack>
      <Text fontSize="sm" mt={1}>
        {t('listExports.hint', { count: exports.data?.direct_max_rows ?? 10_000 })}
      </Text>
      {start.error ? (
        <Text role="alert" color="red.700" fontSize="sm">
          {apiErrorMessage(start.error, t('errors.exportFailed'))}
        </Text>
      ) : null}
      {items.length ? (
        <Stack as="ul" listStyleType="none" gap={2} mt={2}>
          {items.map((item) => (
            <ExportItem key={item.id} item={item} campaignId={campaignId} />
          ))}
        </Stack>
      ) : null}
    </Box>
  );
}

function ExportItem({ item, campaignId }: { item: ListExport; campaignId: number }) {
  const { t, i18n } = useTranslation('leadSearch');
  const download = useDownloadListExport();
  const remove = useDeleteListExport(campaignId);
  const number = new Intl.NumberFormat(i18n.language);
  const size = new Intl.NumberFormat(i18n.language, {
    style: 'unit',
    unit: item.bytes >= 1_048_576 ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: 1,
  }).format(item.bytes / (item.bytes >= 1_048_576 ? 1_048_576 : 1024));
  const percent = item.total ? Math.round((100 * item.rows_written) / item.total) : null;
  const expires = item.expires_at
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(item.expires_at),
      )
    : null;
  return (
    <Box as="li" data-testid="list-export">
      <HStack justify="space-between" wrap="wrap" gap={2}>
        <Text fontSize="sm" fontWeight="medium">
          {item.file_name}
        </Text>
        <HStack>
          {item.status === 'done' ? (
            <Button
              size="xs"
              colorPalette="brand"
              loading={download.isPending}
              onClick={() => download.mutate(item.id)}
            >
              {t('listExports.download')}
            </Button>
          ) : null}
          {item.status !== 'running' ? (
            <Button
              size="xs"
              variant="ghost"
              loading={remove.isPending}
              onClick={() => remove.mutate(item.id)}
              aria-label={t('listExports.deleteFile', { name: item.file_name })}
            >
              {t('listExports.delete')}
            </Button>
          ) : null}
        </HStack>
      </HStack>
      {item.status === 'running' ? (
        <Box aria-live="polite">
          {/* A plain bar: Chakra's Progress brings a state machine into the shared surface (shared/federation.cjs). */}
          <Box
            role="progressbar"
            aria-label={t('listExports.progressLabel', { name: item.file_name })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent ?? undefined}
            h="1.5"
            bg="gray.200"
            borderRadius="full"
            overflow="hidden"
          >
            <Box h="full" w={`${percent ?? 0}%`} bg="blue.600" transition="width 0.3s" />
          </Box>
          <Text fontSize="xs">
            {item.total === null
              ? t('listExports.counting')
              : t('listExports.running', { written: item.rows_written, count: item.total })}
          </Text>
        </Box>
      ) : item.status === 'done' ? (
        <>
          <Text fontSize="xs" data-testid="list-export-done">
            {t('listExports.done', { count: item.rows_written, rows: number.format(item.rows_written), size })}
          </Text>
          {expires ? <Text fontSize="xs">{t('listExports.expires', { date: expires })}</Text> : null}
        </>
      ) : item.status === 'expired' ? (
        <Text fontSize="xs" data-testid="list-export-expired">
          {t('listExports.expired', { date: expires })}
        </Text>
      ) : (
        <Text fontSize="xs" role="alert" color="red.700">
          {t('listExports.failed')}
        </Text>
      )}
      {download.error ? (
        <Text fontSize="xs" role="alert" color="red.700">
          {apiErrorMessage(download.error, t('errors.exportFailed'))}
        </Text>
      ) : null}
    </Box>
  );
}
