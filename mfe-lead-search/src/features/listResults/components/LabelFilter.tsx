import { Box, NativeSelect, chakra } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useLabelOptions } from '../api/getLabelOptions';

export interface LabelFilterProps {
  value: number | undefined;
  onChange: (labelId: number | undefined) => void;
}

/** Filter a list by one of the account's custom labels (the results endpoint's label_id). */
export function LabelFilter({ value, onChange }: LabelFilterProps) {
  const { t } = useTranslation('leadSearch');
  const labels = useLabelOptions();
  const options = labels.data ?? [];
  // A label in the URL that is not (yet) in the catalogue still shows as chosen.
  const known = value === undefined || options.some((l) => l.id === value);
  return (
    <Box>
      <chakra.label htmlFor="filter-label" fontSize="sm" fontWeight="medium" display="block">
        {t('crmSend.labelFilter')}
      </chakra.label>
      <NativeSelect.Root size="sm" w="48" disabled={labels.isPending}>
        <NativeSelect.Field id="filter-label" value={value === undefined ? '' : String(value)} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)}>
          <option value="">{t('crmSend.anyLabel')}</option>
          {known ? null : <option value={String(value)}>{t('crmSend.labelNumber', { id: value })}</option>}
          {options.map((l) => (
            <option key={l.id} value={String(l.id)}>
              {l.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Box>
  );
}
