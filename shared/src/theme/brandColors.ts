// Branding data and its colours: plain values and functions, no API or React (the boot frame
// draws with them before the bundle has loaded; shared/src/frame.ts).
import type { ApiResponse } from '../api/contract';
import { DEFAULT_COLORS, defaultSiteSettings, safeColor } from '../constants/branding';

/** Business settings by domain (spec §3): the answer of POST /api/site-settings. */
export type Branding = ApiResponse<'/api/site-settings', 'post'>;

/** Spec §3 defaults, used when the fetch fails (spec §8). */
export { DEFAULT_COLORS, safeColor };

export const DEFAULT_BRANDING: Branding = defaultSiteSettings('localhost');

export interface BrandColors {
  primary: string;
  secondary: string;
  text: string;
  heading: string;
  mutedText: string;
  sidebar: string;
  loginBackground: string;
}

export function brandColors(branding: Branding): BrandColors {
  const primary = safeColor(branding.button_color, DEFAULT_COLORS.primary);
  return {
    primary,
    secondary: safeColor(branding.secondary_color, DEFAULT_COLORS.secondary),
    text: safeColor(branding.text_color, DEFAULT_COLORS.primaryText),
    heading: safeColor(branding.heading_color, DEFAULT_COLORS.primaryText),
    mutedText: DEFAULT_COLORS.secondaryText,
    sidebar: safeColor(branding.sidebar_background_color, '#FFFFFF'),
    loginBackground: safeColor(branding.login_page_bg_color, '#F5F3FF'),
  };
}

/** An answer of `POST /api/site-settings` over the spec's defaults. */
export function brandingFrom(data: Partial<Branding> | null | undefined): Branding {
  return { ...DEFAULT_BRANDING, ...data };
}
