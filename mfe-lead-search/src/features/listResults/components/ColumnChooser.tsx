import { Box, Button, chakra, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { COLUMN_WIDTH, CheckboxField } from '@leadsmith/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnSetting, ResultColumnKey } from '../columns';

export interface ColumnChooserProps {
  /** Every column the list type can show, in default order. */
  available: readonly ResultColumnKey[];
  /** The shown columns, in order. */
  columns: readonly ColumnSetting[];
  onChange: (columns: ColumnSetting[]) => void;
  onReset: () => void;
}

/**
 * Pick, order and size the results table's columns (issue 29 item 7). Plain controls, usable by keyboard: a checkbox
 * shows a column, Up and Down move it, a number sets its width in pixels (empty: as wide as its content).
 */
export function ColumnChooser({ available, columns: given, onChange: change, onReset }: ColumnChooserProps) {
  const { t } = useTranslation('leadSearch');
  // A change shows at once, before the list's URL (where the columns live) has taken it: the checkbox a person
  // clicked is ticked when the click is over. A new value from the list replaces it.
  const givenKey = JSON.stringify(given);
  const [draft, setDraft] = useState<{ from: string; columns: readonly ColumnSetting[] } | null>(null);
  if (draft && draft.from !== givenKey) setDraft(null);
  const columns = draft?.from === givenKey ? draft.columns : given;
  const onChange = (next: ColumnSetting[]) => {
    setDraft({ from: givenKey, columns: next });
    change(next);
  };
  const shown = new Map(columns.map((c) => [c.key, c]));
  // Shown columns first, in their order, then the hidden ones in default order.
  const rows: ResultColumnKey[] = [...columns.map((c) => c.key), ...available.filter((k) => !shown.has(k))];
  const label = (key: ResultColumnKey) => t(`columnChooser.columns.${key}`);

  const toggle = (key: ResultColumnKey) =>
    onChange(shown.has(key) ? columns.filter((c) => c.key !== key) : [...columns, { key }]);
  const move = (index: number, by: -1 | 1) => {
    const next = [...columns];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    onChange(next);
  };
  const resize = (key: ResultColumnKey, raw: string) => {
    const width = Number(raw);
    const valid = raw !== '' && Number.isInteger(width) && width >= COLUMN_WIDTH.min && width <= COLUMN_WIDTH.max;
    onChange(columns.map((c) => (c.key !== key ? c : valid ? { key, width } : { key })));
  };

  return (
    <Box
      as="section"
      aria-label={t('columnChooser.title')}
      borderWidth="1px"
      borderRadius="md"
      p={3}
      mb={4}
      data-testid="column-chooser"
    >
      <HStack justify="space-between" mb={2}>
        <Text fontWeight="semibold">{t('columnChooser.title')}</Text>
        <Button size="xs" variant="outline" onClick={onReset}>
          {t('columnChooser.reset')}
        </Button>
      </HStack>
      <Text fontSize="sm" mb={2}>
        {t('columnChooser.help', { min: COLUMN_WIDTH.min, max: COLUMN_WIDTH.max })}
      </Text>
      <Stack as="ul" gap={1} listStyleType="none">
        {rows.map((key) => {
          const index = columns.findIndex((c) => c.key === key);
          const setting = shown.get(key);
          return (
            <HStack as="li" key={key} gap={2} wrap="wrap">
              <Box minW="44">
                <CheckboxField
                  label={label(key)}
                  size="sm"
                  mb={0}
                  checked={Boolean(setting)}
                  onChange={() => toggle(key)}
                />
              </Box>
              {setting ? (
                <>
                  <chakra.label fontSize="sm" display="flex" gap={1} alignItems="center">
                    {t('columnChooser.width')}
                    <Input
                      size="xs"
                      w="20"
                      type="number"
                      min={COLUMN_WIDTH.min}
                      max={COLUMN_WIDTH.max}
                      step={10}
                      aria-label={t('columnChooser.widthOf', { column: label(key) })}
                      defaultValue={setting.width ?? ''}
                      onBlur={(e) => resize(key, e.target.value)}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter') resize(key, e.currentTarget.value);
                      }}
                    />
                  </chakra.label>
                  <Button
                    size="xs"
                    variant="ghost"
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                    aria-label={t('columnChooser.moveUp', { column: label(key) })}
                  >
                    ↑
                  </Button>
                  <Button
                    size="xs"
                    variant="ghost"
                    disabled={index === columns.length - 1}
                    onClick={() => move(index, 1)}
                    aria-label={t('columnChooser.moveDown', { column: label(key) })}
                  >
                    ↓
                  </Button>
                </>
              ) : null}
            </HStack>
          );
        })}
      </Stack>
    </Box>
  );
}
