import { useEffect, type ReactNode } from 'react';
import { useBranding } from '@leadsmith/shared/core';
import { applyDocumentBranding } from './documentBranding';

/**
 * Branding by domain → title and favicon; defaults when the fetch fails (spec §8). Its colours reach
 * the frame as custom properties (frameBrandStyle) and what Chakra draws through the Chakra layer.
 */
export function BrandingProvider({ children }: { children: ReactNode }) {
  const branding = useBranding();
  useEffect(() => applyDocumentBranding(branding), [branding]);
  return <>{children}</>;
}
