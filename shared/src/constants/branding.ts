/** Spec §3 defaults: primary #573BFF, secondary #01C0F6, primary text #202633 (secondary text #A0AEC0 is the UI's muted text). */
export const DEFAULT_COLORS = {
  primary: '#573BFF',
  secondary: '#01C0F6',
  primaryText: '#202633',
  secondaryText: '#A0AEC0',
} as const;

/** A brand colour as the business settings store it: `#rgb` or `#rrggbb`. */
export const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}){1,2}$/;

/** Only well-formed hex colours reach a theme, a page or an email; anything else falls back. */
export function safeColor(value: string | null | undefined, fallback: string): string {
  return value && HEX_COLOR.test(value) ? value : fallback;
}

/** Black or white, whichever reads better on `bg` (WCAG relative luminance). */
export function readableOn(bg: string): string {
  const hex = bg.length === 4 ? `#${bg[1]}${bg[1]}${bg[2]}${bg[2]}${bg[3]}${bg[3]}` : bg;
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return (l + 0.05) / 0.05 > 1.05 / (l + 0.05) ? '#000000' : '#FFFFFF';
}

/**
 * The platform's own business settings (spec §3), a new object each call: what the API answers when no settings row
 * applies and what the front end draws with when the answer cannot be fetched (spec §8).
 */
export function defaultSiteSettings(domain: string) {
  return {
    name: 'Leadsmith',
    content: null,
    favicon: null,
    script: null,
    login_page_bg_color: null,
    sidebar_background_color: null,
    button_color: DEFAULT_COLORS.primary,
    secondary_color: DEFAULT_COLORS.secondary,
    text_color: DEFAULT_COLORS.primaryText,
    heading_color: DEFAULT_COLORS.primaryText,
    support_url: null,
    show_training_center: false,
    crms: [] as never[],
    logo: null,
    domain,
    brand: null,
  };
}
