import { Button, Checkbox, HStack } from '@chakra-ui/react';
import { apiErrorMessage, CHECKBOX_INPUT_OVER, toast } from '@leadsmith/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchType } from '../../../api/types';
import { useExportResultsCsv } from '../api/exportResultsCsv';
import type { ResultFilters } from '../api/getResults';
import { useListExports, useStartListExport } from '../api/listExports';

/**
 * The toolbar's CSV button: a small list downloads at once; a big one (or one whose count stopped at its cap) is
 * written to a file in the background, with progress in the files panel and an email when ready. Rows on the
 * do-not-contact list stay out of the file unless the box beside it is ticked.
 */
export function CsvExportControl({
  type,
  id,
  filters,
  total,
  totalCapped,
}: {
  type: SearchType;
  id: number;
  filters: Omit<ResultFilters, 'page' | 'limit'>;
  total: number;
  totalCapped: boolean;
}) {
  const { t } = useTranslation('leadSearch');
  const [includeSuppressed, setIncludeSuppressed] = useState(false);
  const exportCsv = useExportResultsCsv();
  const exports = useListExports(id);
  const startExport = useStartListExport();
  const handleExport = async () => {
    try {
      const directMax = exports.data?.direct_max_rows ?? 10_000;
      if (total > directMax || totalCapped) {
        await startExport.mutateAsync({
          campaign_id: id,
          filters: { ...filters, include_suppressed: includeSuppressed },
        });
        return;
      }
      await exportCsv.mutateAsync({ type, id, filters: { ...filters, include_suppressed: includeSuppressed } });
    } catch (error) {
      toast.error(apiErrorMessage(error, t('errors.exportFailed')));
    }
  };
  return (
    <HStack gap={1}>
      <Button
        size="sm"
        variant="outline"
        onClick={() => void handleExport()}
        loading={exportCsv.isPending || startExport.isPending}
      >
        {t('toolbar.csv')}
      </Button>
      <Checkbox.Root
        size="xs"
        position="relative"
        isolation="isolate"
        checked={includeSuppressed}
        onCheckedChange={(e) => setIncludeSuppressed(e.checked === true)}
      >
        <Checkbox.HiddenInput style={CHECKBOX_INPUT_OVER} />
        <Checkbox.Control />
        <Checkbox.Label fontWeight="normal">{t('doNotContact.includeInCsv')}</Checkbox.Label>
      </Checkbox.Root>
    </HStack>
  );
}
