import { useMemo } from 'react';
import { brandColors, useBranding, type Branding } from '@leadsmith/shared/core';

/**
 * After the brand's colour, series colours that keep at least 3:1 against white (WCAG non-text
 * contrast) and stay apart for the common colour-vision deficiencies.
 */
const SERIES_COLORS = ['#0B7A8F', '#B45309', '#BE185D', '#15803D', '#4B5563'] as const;

/** The one palette every chart draws with: the domain's primary colour first, then fixed series colours. */
export function chartPalette(branding: Branding): readonly string[] {
  return [brandColors(branding).primary, ...SERIES_COLORS];
}

/** The chart palette of the current domain's theme; series index i takes colour i (modulo its length). */
export function useChartPalette(): readonly string[] {
  const branding = useBranding();
  return useMemo(() => chartPalette(branding), [branding]);
}
