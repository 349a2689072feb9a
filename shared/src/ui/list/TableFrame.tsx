import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface TableFrameProps {
  /** Name of the scrollable region (the table's own label). */
  label: string;
  children: ReactNode;
}

/**
 * The frame a wide or long table scrolls in: both ways inside the frame (never the page), at most
 * about a screen tall so its horizontal scrollbar is in view, and focusable so the keyboard can scroll it.
 * Give the table `stickyHeader` and its header row a background (TABLE_HEADER_ROW_PROPS) so the
 * column names stay visible while the rows scroll.
 */
export function TableFrame({ label, children }: TableFrameProps) {
  return (
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      overflow="auto"
      maxH="min(70vh, 48rem)"
      maxW="full"
      borderWidth="1px"
      borderRadius="md"
      bg="bg"
      data-testid="table-frame"
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' }}
    >
      {children}
    </Box>
  );
}

/** The header row of a table in a TableFrame: opaque, so rows scrolling under the sticky header do not show through. */
export const TABLE_HEADER_ROW_PROPS = { bg: 'bg.muted' } as const;
