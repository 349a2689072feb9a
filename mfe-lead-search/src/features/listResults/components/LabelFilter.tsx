import { FilterSelect } from '@leadsmith/shared';
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
    <FilterSelect
      id="filter-label"
      width="48"
      label={t('crmSend.labelFilter')}
      disabled={labels.isPending}
      value={value === undefined ? '' : String(value)}
      onChange={(v) => onChange(v ? Number(v) : undefined)}
      allLabel={t('crmSend.anyLabel')}
      options={[
        ...(known ? [] : [{ value: String(value), label: t('crmSend.labelNumber', { id: value }) }]),
        ...options.map((l) => ({ value: String(l.id), label: l.name })),
      ]}
    />
  );
}
