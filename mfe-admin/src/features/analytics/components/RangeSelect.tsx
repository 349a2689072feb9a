import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FilterSelect } from '@leadsmith/shared';

/** A period choice kept in the address (?range=30). */
export function useRange<T extends number>(choices: readonly T[], fallback: T): [T, (v: T) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('range'));
  const value = (choices as readonly number[]).includes(raw) ? (raw as T) : fallback;
  return [value, (v) => setParams({ range: String(v) })];
}

export function RangeSelect<T extends number>({
  choices,
  value,
  onChange,
  unit,
}: {
  choices: readonly T[];
  value: T;
  onChange: (v: T) => void;
  unit: 'days' | 'months';
}) {
  const { t } = useTranslation('admin');
  return (
    <FilterSelect
      label={t('analytics.period')}
      value={String(value)}
      onChange={(v) => onChange(Number(v) as T)}
      options={choices.map((c) => ({ value: String(c), label: t(`analytics.last.${unit}`, { count: c }) }))}
    />
  );
}
