import { ChakraProvider } from '@chakra-ui/react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { createBrandSystem, useBranding } from '@leadsmith/shared';

const SAFE_ICON = /^(https:\/\/|\/|data:image\/(png|x-icon|svg\+xml|gif|jpeg);)/;

/** Branding by domain → Chakra theme, title and favicon; defaults when the fetch fails (spec §8). */
export function BrandingProvider({ children }: { children: ReactNode }) {
  const branding = useBranding();
  const system = useMemo(() => createBrandSystem(branding), [branding]);
  useEffect(() => {
    document.title = branding.name;
    const icon = document.getElementById('app-favicon');
    if (icon instanceof HTMLLinkElement && branding.favicon && SAFE_ICON.test(branding.favicon)) icon.href = branding.favicon;
  }, [branding]);
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}
