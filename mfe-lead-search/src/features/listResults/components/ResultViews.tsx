import { Box, Card, HStack, SimpleGrid, Text } from '@chakra-ui/react';
import type { MutableRefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SearchType } from '../../../api/types';
import { SelectCheckbox } from '../../../components/SelectCheckbox';
import { EmailGradeBadge } from '../../emailGrades/components/EmailGradeBadge';
import type { ResultsPage } from '../api/getResults';
import { useListRows, type ListRowsStore } from '../listRows';
import { DuplicateBadge } from './DuplicateBadge';
import { EmailSourceNote } from './EmailSourceNote';
import { EmailStatusBadge } from './EmailStatusBadge';
import { PhoneValue } from './PhoneValue';
import { ResultLabels } from './ResultLabels';
import { ResultRowActions, rowEnrichment } from './ResultRowActions';
import { SuppressedBadge } from './SuppressedBadge';
import { UncoveredBadge } from './UncoveredBadge';

export type Result = ResultsPage['data'][number];

/** What the table and the grid share: the rows, their selection and keyboard's row, and how a row opens. */
export interface ResultViewProps {
  type: SearchType;
  listId: number;
  rows: Result[];
  /** The list's URL query, kept on a result's own page link. */
  query: string;
  /** Which rows are checked and which has the keyboard's cursor; each box and row reads its own part. */
  rowsState: ListRowsStore;
  rowRefs: MutableRefObject<(HTMLElement | null)[]>;
  onOpen: (row: Result) => void;
}

/** A row's (or a card's) box: drawn again when that row's selection changes, not when another's does. */
export function RowSelectBox({ rowsState, row }: { rowsState: ListRowsStore; row: Result }) {
  const { t } = useTranslation('leadSearch');
  const selected = useListRows(rowsState, (s) => s.allMatching || s.ids.has(row.id));
  return (
    <SelectCheckbox
      label={t('list.selectRow', { name: row.name })}
      checked={selected}
      onChange={() => rowsState.toggle(row.id)}
    />
  );
}

/** The keyboard's row is outlined whichever way it got focus (j/k, a click, a screen reader). */
export const FOCUS_RING = { outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '-2px' } as const;

/** The grid view: one card per result with its contact details, labels and row actions. */
export function ResultsGrid({ type, listId, rows, query, rowsState, rowRefs, onOpen }: ResultViewProps) {
  const cursor = useListRows(rowsState, (s) => s.cursor);
  return (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap={3}>
      {rows.map((r, index) => (
        <Card.Root
          key={r.id}
          size="sm"
          data-testid="result-card"
          ref={(el: HTMLDivElement | null) => {
            rowRefs.current[index] = el;
          }}
          tabIndex={-1}
          data-cursor={index === cursor ? '' : undefined}
          onFocus={() => rowsState.setCursor(index)}
          _focus={FOCUS_RING}
        >
          <Card.Body>
            <HStack justify="space-between" align="flex-start">
              <HStack gap={2}>
                <RowSelectBox rowsState={rowsState} row={r} />
                <Link to={`${r.id}?${query}`}>
                  <Text as="span" fontWeight="semibold" textDecoration="underline">
                    {r.name}
                  </Text>
                </Link>
              </HStack>
              <EmailStatusBadge status={r.email_status} />
            </HStack>
            <EmailGradeBadge grade={r.email_grade} reason={r.email_grade_reason} />
            <SuppressedBadge by={r.suppressed} />
            <DuplicateBadge of={r.duplicate_of} />
            <UncoveredBadge data={r.data} />
            <Text fontSize="sm">{[r.job_title, r.company].filter(Boolean).join(' · ')}</Text>
            <Text fontSize="sm">{r.email ?? '—'}</Text>
            {r.email ? <EmailSourceNote data={r.data} /> : null}
            <Text fontSize="sm">
              <PhoneValue phone={r.phone} data={r.data} />
            </Text>
            <ResultLabels labels={r.labels} />
            <Box mt={2}>
              <ResultRowActions
                type={type}
                listId={listId}
                result={r}
                enrichment={rowEnrichment(type)}
                onOpen={() => onOpen(r)}
              />
            </Box>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
