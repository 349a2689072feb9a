import type { ReactNode } from 'react';
import { PageChakraProvider } from '@leadsmith/shared';

/**
 * Chakra with the domain's brand palette, around what the shell draws with Chakra (areas' outlet,
 * auth pages, the diagnostics panel); it keeps Chakra's page-wide CSS for the area roots inside it.
 * Loaded on demand: the frame draws first, without it.
 */
export default function ChakraLayer({ children }: { children: ReactNode }) {
  return <PageChakraProvider>{children}</PageChakraProvider>;
}
