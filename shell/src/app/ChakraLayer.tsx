import { ChakraProvider } from '@chakra-ui/react';
import { useMemo, type ReactNode } from 'react';
import { createBrandSystem, useBranding } from '@leadsmith/shared';

/**
 * Chakra with the domain's brand palette, around what the shell draws with Chakra (areas' outlet,
 * auth pages, the diagnostics panel). Loaded on demand: the frame draws first, without it.
 */
export default function ChakraLayer({ children }: { children: ReactNode }) {
  const branding = useBranding();
  const system = useMemo(() => createBrandSystem(branding), [branding]);
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}
