import { createSystem, defaultConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
import { DEFAULT_COLORS, safeColor, type Branding } from './branding';

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

const cache = new Map<string, SystemContext>();

/**
 * A Chakra system whose `brand` palette comes from the domain's branding.
 * Memoised by colours so the shell and every area root reuse one system.
 */
export function createBrandSystem(branding: Branding): SystemContext {
  const c = brandColors(branding);
  const key = JSON.stringify(c);
  const cached = cache.get(key);
  if (cached) return cached;
  const config = defineConfig({
    theme: {
      tokens: {
        colors: {
          brandPrimary: { value: c.primary },
          brandSecondary: { value: c.secondary },
        },
      },
      semanticTokens: {
        colors: {
          brand: {
            solid: { value: c.primary },
            contrast: { value: '#FFFFFF' },
            fg: { value: c.primary },
            muted: { value: `color-mix(in srgb, ${c.primary} 20%, white)` },
            subtle: { value: `color-mix(in srgb, ${c.primary} 10%, white)` },
            emphasized: { value: `color-mix(in srgb, ${c.primary} 30%, white)` },
            focusRing: { value: c.primary },
          },
          'text.primary': { value: c.text },
          'text.heading': { value: c.heading },
          'text.muted': { value: '#5B6474' },
          'sidebar.bg': { value: c.sidebar },
          'login.bg': { value: c.loginBackground },
        },
      },
    },
    globalCss: { body: { color: 'text.primary' } },
  });
  const system = createSystem(defaultConfig, config);
  cache.set(key, system);
  return system;
}
