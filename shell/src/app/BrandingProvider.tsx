import { useEffect, type ReactNode } from 'react';
import { useBranding } from '@leadsmith/shared/core';

const SAFE_ICON = /^(https:\/\/|\/|data:image\/(png|x-icon|svg\+xml|gif|jpeg);)/;

/**
 * Branding by domain → title and favicon; defaults when the fetch fails (spec §8). Its colours reach
 * the frame as custom properties (frameBrandStyle) and what Chakra draws through the Chakra layer.
 */
export function BrandingProvider({ children }: { children: ReactNode }) {
  const branding = useBranding();
  useEffect(() => {
    document.title = branding.name;
    const icon = document.getElementById('app-favicon');
    if (icon instanceof HTMLLinkElement && branding.favicon && SAFE_ICON.test(branding.favicon)) icon.href = branding.favicon;
  }, [branding]);
  return <>{children}</>;
}
