import { Box, EmptyState, Heading, SimpleGrid, Skeleton, Text, VStack } from '@chakra-ui/react';
import { i18n } from '@leadsmith/shared';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveContainer } from 'recharts';

/** Tick text of every axis: the page's size and colour (recharts' default is larger and grey). */
export const AXIS_TICK = { fontSize: 12, fill: '#4A5568' } as const;

/** Width of a category axis that fits its longest label at AXIS_TICK's size, so no label is cut at the chart's edge. */
export function categoryAxisWidth(labels: readonly string[]): number {
  const longest = labels.reduce((n, l) => Math.max(n, l.length), 0);
  // ~7 px a character at 12 px (wide letters included) plus the tick's gap.
  return Math.min(280, Math.max(48, Math.ceil(longest * 7) + 16));
}

export interface ChartCardProps {
  title: string;
  children: ReactElement;
  testId?: string;
  height?: number;
  /** The data is on its way: a skeleton of the chart's size instead of bare axes. */
  loading?: boolean;
  /** Nothing to draw: an empty state saying so instead of bare axes. */
  empty?: boolean;
  /** What the empty state suggests (defaults to widening the period). */
  emptyHint?: string;
}

/** A titled chart panel; the chart is described by its heading for assistive technology. */
export function ChartCard({
  title,
  children,
  testId,
  height = 280,
  loading = false,
  empty = false,
  emptyHint,
}: ChartCardProps) {
  const { t } = useTranslation('admin');
  const id = `chart-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Box
      as="section"
      aria-labelledby={id}
      aria-busy={loading || undefined}
      borderWidth="1px"
      borderRadius="md"
      bg="white"
      p={4}
      data-testid={testId}
    >
      <Heading as="h2" size="sm" mb={3} id={id}>
        {title}
      </Heading>
      {loading ? (
        <Skeleton h={`${height}px`} borderRadius="md" data-testid="chart-skeleton" />
      ) : empty ? (
        <EmptyState.Root h={`${height}px`} data-testid="chart-empty">
          <EmptyState.Content h="full" justifyContent="center">
            <VStack textAlign="center" gap={1}>
              <EmptyState.Title fontSize="md">{t('analytics.emptyTitle')}</EmptyState.Title>
              <EmptyState.Description>{emptyHint ?? t('analytics.emptyHint')}</EmptyState.Description>
            </VStack>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Box h={`${height}px`} role="img" aria-labelledby={id}>
          <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 560, height }}>
            {children}
          </ResponsiveContainer>
        </Box>
      )}
    </Box>
  );
}

/** True when every value of every given key is zero (or there are no rows): the chart would be bare axes. */
export function allZero<T>(rows: readonly T[], keys: readonly (keyof T)[]): boolean {
  return rows.every((r) => keys.every((k) => !Number(r[k])));
}

export function StatCard({ label, value, loading = false }: { label: string; value: ReactNode; loading?: boolean }) {
  return (
    <Box borderWidth="1px" borderRadius="md" bg="white" p={4}>
      <Text fontSize="sm">{label}</Text>
      {loading ? (
        <Skeleton h="8" mt={1} w="50%" />
      ) : (
        <Text fontSize="2xl" fontWeight="bold" color="text.heading" data-testid="stat-value">
          {value}
        </Text>
      )}
    </Box>
  );
}

export function ChartGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid columns={{ base: 1, xl: 2 }} gap={6}>
      {children}
    </SimpleGrid>
  );
}

/** 'YYYY-MM' → 'Mar 2026' in the user's language. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(i18n.language || 'en', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y!, (m ?? 1) - 1, 1)),
  );
}

/** 'YYYY-MM-DD' → '15 Mar' in the user's language. */
export function dayLabel(date: string): string {
  return new Intl.DateTimeFormat(i18n.language || 'en', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}
