import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { useLayoutEffect, useMemo, type ReactNode } from 'react';
import { useBranding } from '@leadsmith/shared/core';
import { createBrandSystem } from './theme';

/** Systems whose page-wide CSS a mounted page layer keeps in the document, with how many layers do. */
const pageSystems = new Map<SystemContext, number>();
const withoutPageCss = new WeakMap<SystemContext, SystemContext>();

/** The same system without its page-wide CSS; one object per system, so the context value is stable. */
function systemWithoutPageCss(system: SystemContext): SystemContext {
  let stripped = withoutPageCss.get(system);
  if (!stripped) {
    stripped = { ...system, _global: [] };
    withoutPageCss.set(system, stripped);
  }
  return stripped;
}

function useBrandSystem(): SystemContext {
  const branding = useBranding();
  return useMemo(() => createBrandSystem(branding), [branding]);
}

/**
 * The shell's Chakra layer: the domain's brand system, with its page-wide CSS (reset, global styles
 * and the token variables), which stays in the document while the layer is mounted.
 */
export function PageChakraProvider({ children }: { children: ReactNode }) {
  const system = useBrandSystem();
  useLayoutEffect(() => {
    pageSystems.set(system, (pageSystems.get(system) ?? 0) + 1);
    return () => {
      const left = (pageSystems.get(system) ?? 1) - 1;
      if (left > 0) pageSystems.set(system, left);
      else pageSystems.delete(system);
    };
  }, [system]);
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}

/**
 * An area root's Chakra (context does not cross React roots, so each root needs a provider). Chakra's
 * provider adds the system's page-wide CSS on mount and removes it on unmount, which made every area
 * switch restyle the whole page twice. When the shell's layer already keeps that CSS for the same
 * system, the area provides the system without it; otherwise (an area on its own) it brings it.
 */
export function AreaChakraProvider({ children }: { children: ReactNode }) {
  const system = useBrandSystem();
  return (
    <ChakraProvider value={pageSystems.has(system) ? systemWithoutPageCss(system) : system}>{children}</ChakraProvider>
  );
}
