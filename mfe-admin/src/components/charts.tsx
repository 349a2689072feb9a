import { Box, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { i18n } from '@leadsmith/shared';
import type { ReactElement, ReactNode } from 'react';
import { ResponsiveContainer } from 'recharts';

/** Chart colours: brand primary first, all readable on white. */
export const CHART_COLORS = ['#573BFF', '#0B7A8F', '#B45309', '#BE185D', '#15803D', '#4B5563'];

/** A titled chart panel; the chart is described by its heading for assistive technology. */
export function ChartCard({ title, children, testId, height = 280 }: { title: string; children: ReactElement; testId?: string; height?: number }) {
  const id = `chart-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Box as="section" aria-labelledby={id} borderWidth="1px" borderRadius="md" bg="white" p={4} data-testid={testId}>
      <Heading as="h2" size="sm" mb={3} id={id}>
        {title}
      </Heading>
      <Box h={`${height}px`} role="img" aria-labelledby={id}>
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </Box>
    </Box>
  );
}

export function StatCard({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box borderWidth="1px" borderRadius="md" bg="white" p={4}>
      <Text fontSize="sm">{label}</Text>
      <Text fontSize="2xl" fontWeight="bold" color="text.heading" data-testid="stat-value">
        {value}
      </Text>
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
  return new Intl.DateTimeFormat(i18n.language || 'en', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y!, (m ?? 1) - 1, 1)));
}

/** 'YYYY-MM-DD' → '15 Mar' in the user's language. */
export function dayLabel(date: string): string {
  return new Intl.DateTimeFormat(i18n.language || 'en', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}
