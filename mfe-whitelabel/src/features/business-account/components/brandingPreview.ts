import { DEFAULT_COLORS, readableOn, safeColor } from '@leadsmith/shared';
import { escapeHtml } from '../../../components/SandboxedPreview';
import type { BusinessAccountValues } from '../api/saveBusinessAccount';

export interface PreviewTexts {
  dashboard: string;
  heading: string;
  body: string;
  button: string;
  secondary: string;
  login: string;
  support: string;
}

const safeUrl = (value: string) => (/^https?:\/\//i.test(value.trim()) ? value.trim() : '');

/**
 * The live preview document: a miniature of the app shell and login page in the reseller's colours,
 * with the reseller's own script appended. It is only ever rendered in the sandboxed iframe.
 */
export function brandingPreviewHtml(values: Partial<BusinessAccountValues>, texts: PreviewTexts, lang = 'en'): string {
  const c = {
    loginBg: safeColor(values.login_page_bg_color, '#F4F4FB'),
    sidebar: safeColor(values.sidebar_background_color, '#FFFFFF'),
    button: safeColor(values.button_color, DEFAULT_COLORS.primary),
    secondary: safeColor(values.secondary_color, DEFAULT_COLORS.secondary),
    text: safeColor(values.text_color, DEFAULT_COLORS.primaryText),
    heading: safeColor(values.heading_color, DEFAULT_COLORS.primaryText),
  };
  const name = escapeHtml(values.name?.trim() || 'Leadsmith');
  const logo = safeUrl(values.logo ?? '');
  const brand = logo
    ? `<img src="${escapeHtml(logo)}" alt="${name}" style="max-height:32px">`
    : `<strong>${name}</strong>`;
  const support = safeUrl(values.support_url ?? '');
  return `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><title>${name}</title>
<style>
body{margin:0;font-family:system-ui,sans-serif;color:${c.text};display:grid;grid-template-columns:180px 1fr;min-height:100vh}
nav{background:${c.sidebar};padding:16px;border-right:1px solid #ddd}
nav a{display:block;color:${c.text};padding:6px 0;text-decoration:none}
main{padding:16px}
h1{color:${c.heading};font-size:20px;margin:0 0 8px}
.btn{background:${c.button};color:${readableOn(c.button)};border:0;border-radius:6px;padding:8px 14px;font:inherit}
.btn2{background:${c.secondary};color:${readableOn(c.secondary)};border:0;border-radius:6px;padding:8px 14px;font:inherit;margin-left:8px}
.login{margin-top:16px;background:${c.loginBg};padding:16px;border-radius:8px}
</style></head><body>
<nav aria-label="preview">${brand}<a href="#">${escapeHtml(texts.dashboard)}</a>${support ? `<a href="${escapeHtml(support)}" target="_blank" rel="noopener">${escapeHtml(texts.support)}</a>` : ''}</nav>
<main><h1>${escapeHtml(texts.heading)}</h1><p>${escapeHtml(texts.body)}</p>
<button class="btn" type="button">${escapeHtml(texts.button)}</button><button class="btn2" type="button">${escapeHtml(texts.secondary)}</button>
<div class="login"><strong>${escapeHtml(texts.login)}</strong></div></main>
${values.script ?? ''}
</body></html>`;
}
