import { HStack, Link as ChakraLink } from '@chakra-ui/react';
import { NavLink } from 'react-router';

export interface SectionNavItem {
  /** Where the tab leads: a sibling (`../login-activity`, resolved by path) or an absolute path. */
  to: string;
  label: string;
}

export interface SectionNavProps {
  /** Accessible name of the navigation landmark. */
  label: string;
  items: readonly SectionNavItem[];
}

/**
 * Tabs between the sibling screens of one section (user analytics, reports, profile settings): links,
 * so each screen keeps its own address and the current one is marked `aria-current="page"`.
 */
export function SectionNav({ label, items }: SectionNavProps) {
  return (
    <HStack as="nav" aria-label={label} gap={1} mb={6} borderBottomWidth="1px" wrap="wrap">
      {items.map((item) => (
        <ChakraLink
          key={item.to}
          asChild
          px={3}
          py={2}
          color="text.primary"
          _currentPage={{
            color: 'brand.fg',
            fontWeight: 'semibold',
            borderBottomWidth: '2px',
            borderColor: 'brand.solid',
          }}
        >
          <NavLink to={item.to} relative="path">
            {item.label}
          </NavLink>
        </ChakraLink>
      ))}
    </HStack>
  );
}
