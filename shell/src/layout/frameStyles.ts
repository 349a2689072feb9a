import { DEFAULT_COLORS, brandColors, type Branding } from '@leadsmith/shared/core';
import type { CSSProperties } from 'react';

const FONT =
  'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Helvetica, Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji", "Segoe UI Symbol"';

/**
 * Styles of the shell's frame (header, sidebar, banners, its spinner and error), which draws before
 * Chakra is loaded. Plain, unlayered CSS: Chakra puts its reset and recipes in cascade layers, so
 * once an area brings Chakra in, nothing here is restyled and the frame does not move. Fonts, sizes
 * and colours match the Chakra theme (shared/src/theme/theme.ts) so the frame and the areas read as
 * one page; the body takes the same typeface, so what is drawn outside the frame (dialogs and menus
 * in portals, toasts) reads as the page too. Brand colours come in as custom properties set on the
 * frame (frameBrandStyle).
 */
export const FRAME_CSS = `
:root{--ls-brand:${DEFAULT_COLORS.primary};--ls-brand-contrast:#FFFFFF;--ls-text:${DEFAULT_COLORS.primaryText};--ls-muted:#5B6474;--ls-sidebar-bg:#FFFFFF;--ls-border:#E4E4E7;--ls-font:${FONT}}
body{font-family:var(--ls-font)}
.ls-frame{display:flex;flex-direction:column;min-height:100vh;font-family:var(--ls-font);font-size:1rem;line-height:1.5;color:var(--ls-text)}
.ls-header,.ls-header *,.ls-nav,.ls-nav *,.ls-banner,.ls-banner *,.ls-fallback,.ls-fallback *{box-sizing:border-box}
.ls-sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border-width:0}
.ls-skip:focus{position:static;width:auto;height:auto;margin:8px;clip:auto;white-space:normal}
.ls-header{display:flex;flex-wrap:wrap;align-items:center;gap:8px 16px;padding:8px 16px;border-bottom:1px solid var(--ls-border);background:#FFFFFF}
.ls-brand-name{margin:0;font-size:1.125rem;line-height:1.75rem;font-weight:700;color:var(--ls-brand)}
.ls-logo{display:block;max-height:2rem}
.ls-spacer{flex:1}
.ls-user{margin:0;font-size:0.875rem;line-height:1.25rem}
.ls-button{display:inline-flex;align-items:center;justify-content:center;gap:8px;height:2.25rem;margin:0;padding:0 0.875rem;font:inherit;font-size:0.875rem;line-height:1.25rem;font-weight:500;color:var(--ls-text);background:#FFFFFF;border:1px solid var(--ls-border);border-radius:0.375rem;cursor:pointer;white-space:nowrap}
.ls-button:hover{background:#F4F4F5}
.ls-button--solid,.ls-button--solid:hover{color:var(--ls-brand-contrast);background:var(--ls-brand);border-color:var(--ls-brand)}
.ls-button:disabled{opacity:0.6;cursor:default}
.ls-button:focus-visible,.ls-select:focus-visible,.ls-nav-link:focus-visible,.ls-nav a:focus-visible{outline:2px solid var(--ls-brand);outline-offset:2px}
.ls-search-button{justify-content:flex-start;min-width:11rem;color:var(--ls-muted)}
.ls-search-button>span{flex:1;text-align:start}
.ls-kbd{padding:0 6px;font-family:inherit;font-size:0.75rem;line-height:1.25rem;color:var(--ls-muted);background:#F4F4F5;border:1px solid var(--ls-border);border-radius:0.25rem}
.ls-search-backdrop{position:fixed;inset:0;z-index:1600;display:flex;justify-content:center;align-items:flex-start;padding:10vh 16px 16px;background:rgba(24,24,27,0.45)}
.ls-search-backdrop,.ls-search-backdrop *{box-sizing:border-box}
.ls-search-dialog{display:flex;flex-direction:column;width:100%;max-width:40rem;max-height:75vh;overflow:hidden;font-family:var(--ls-font);color:var(--ls-text);background:#FFFFFF;border-radius:0.5rem;box-shadow:0 20px 25px -5px rgba(0,0,0,0.15),0 8px 10px -6px rgba(0,0,0,0.1)}
.ls-search-bar{display:flex;align-items:center;gap:8px;padding:8px 12px;color:var(--ls-muted);border-bottom:1px solid var(--ls-border)}
.ls-search-bar:focus-within{box-shadow:inset 0 -2px 0 var(--ls-brand)}
.ls-search-input{flex:1;min-width:0;height:2.5rem;margin:0;padding:0 4px;font:inherit;font-size:1rem;color:var(--ls-text);background:transparent;border:0;outline:none}
.ls-search-list{flex:1;overflow-y:auto;padding:4px 8px}
.ls-search-list:empty{display:none}
.ls-search-group-title{padding:8px 12px 4px;font-size:0.75rem;font-weight:600;letter-spacing:0.025em;text-transform:uppercase;color:var(--ls-muted)}
.ls-search-option{display:flex;flex-direction:column;padding:6px 12px;border-radius:0.375rem;cursor:pointer}
.ls-search-option[aria-selected="true"]{background:color-mix(in srgb,var(--ls-brand) 10%,white);box-shadow:inset 3px 0 0 var(--ls-brand)}
.ls-search-option-label{font-size:0.875rem;font-weight:500;overflow-wrap:anywhere}
.ls-search-option-meta{font-size:0.75rem;color:var(--ls-muted);overflow-wrap:anywhere}
.ls-search-status{margin:0;padding:8px 16px;font-size:0.8125rem;color:var(--ls-muted);border-top:1px solid var(--ls-border)}
.ls-search-status:empty{display:none}
.ls-account{position:relative}
.ls-account-panel{position:absolute;right:0;top:calc(100% + 6px);z-index:1500;min-width:15rem;padding:8px;background:#FFFFFF;border:1px solid var(--ls-border);border-radius:0.375rem;box-shadow:0 10px 15px -3px rgba(0,0,0,0.1),0 4px 6px -4px rgba(0,0,0,0.1)}
.ls-account-name{margin:0;padding:4px 12px 0;font-size:0.875rem;font-weight:600}
.ls-account-email{margin:0 0 8px;padding:0 12px 8px;font-size:0.75rem;color:var(--ls-muted);border-bottom:1px solid var(--ls-border);overflow-wrap:anywhere}
.ls-credits{display:inline-flex;align-items:center;height:2.25rem;padding:0 0.75rem;font-size:0.875rem;font-weight:600;color:var(--ls-text);text-decoration:none;background:color-mix(in srgb,var(--ls-brand) 8%,white);border:1px solid color-mix(in srgb,var(--ls-brand) 30%,white);border-radius:9999px;white-space:nowrap;font-variant-numeric:tabular-nums}
.ls-credits:hover{background:color-mix(in srgb,var(--ls-brand) 14%,white)}
.ls-credits:focus-visible{outline:2px solid var(--ls-brand);outline-offset:2px}
.ls-credits-low{display:inline-flex;align-items:center;height:2.25rem;padding:0 0.75rem;font-size:0.875rem;font-weight:600;color:#7A3E00;text-decoration:none;background:#FFF4E0;border:1px solid #E8A33D;border-radius:9999px;white-space:nowrap}
.ls-credits-low:hover{background:#FFE9C2}
.ls-credits-low:focus-visible{outline:2px solid #7A3E00;outline-offset:2px}
.ls-select{height:2.25rem;margin:0;padding:0 0.5rem 0 0.75rem;font:inherit;font-size:0.875rem;color:var(--ls-text);background:#FFFFFF;border:1px solid var(--ls-border);border-radius:0.375rem}
.ls-body{display:flex;flex:1;flex-direction:column;min-height:0}
.ls-nav{width:100%;padding:16px;overflow-y:auto;background:var(--ls-sidebar-bg);border-right:1px solid var(--ls-border)}
.ls-nav-groups{display:flex;flex-direction:column;gap:24px}
.ls-nav-heading{margin:0 0 4px;padding:0 12px;font-size:0.75rem;line-height:1rem;font-weight:600;letter-spacing:0.025em;text-transform:uppercase;color:var(--ls-muted)}
.ls-nav-list{display:flex;flex-direction:column;gap:2px;margin:0;padding:0;list-style:none}
.ls-nav-link{position:relative;display:flex;align-items:center;gap:10px;padding:6px 12px;border-radius:0.375rem;color:var(--ls-text);text-decoration:none}
.ls-nav-icon{flex-shrink:0;width:1.25rem;height:1.25rem}
.ls-nav-toggle{position:relative;display:flex;align-items:center;gap:10px;width:100%;margin:0 0 16px;padding:6px 12px;font:inherit;font-size:0.875rem;line-height:1.25rem;color:var(--ls-muted);text-align:start;background:none;border:0;border-radius:0.375rem;cursor:pointer}
.ls-nav-toggle:hover{color:var(--ls-text);background:color-mix(in srgb,var(--ls-brand) 10%,white)}
.ls-nav-toggle:focus-visible{outline:2px solid var(--ls-brand);outline-offset:2px}
.ls-nav--collapsed .ls-nav-label,.ls-nav--collapsed .ls-nav-heading{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border-width:0}
.ls-nav--collapsed .ls-nav-link,.ls-nav--collapsed .ls-nav-toggle{justify-content:center;padding:8px}
.ls-nav--collapsed .ls-nav-groups{gap:8px}
.ls-nav--collapsed .ls-nav-groups>section+section{padding-top:8px;border-top:1px solid var(--ls-border)}
.ls-nav--collapsed .ls-nav-list{flex-flow:row wrap}
.ls-nav-link:hover{background:color-mix(in srgb,var(--ls-brand) 10%,white)}
.ls-nav-link[aria-current="page"],.ls-nav-link[aria-current="page"]:hover{font-weight:600;color:var(--ls-brand-contrast);background:var(--ls-brand)}
.ls-main{flex:1;min-width:0;padding:16px}
@media (min-width:48em){.ls-body{flex-direction:row}.ls-nav{position:sticky;top:0;align-self:flex-start;width:16rem;height:100vh;flex-shrink:0}.ls-nav--collapsed{width:4.5rem;padding:16px 8px}.ls-nav--collapsed .ls-nav-list{flex-flow:column}.ls-main{padding:32px}}
.ls-banner{display:flex;flex-wrap:wrap;align-items:center;justify-content:center;gap:16px;padding:8px 16px;color:#18181B;background:#FFEDD5}
.ls-banner p{margin:0;font-weight:600}
.ls-spinner-box{display:flex;justify-content:center;padding:64px 0}
.ls-spinner{width:2.5rem;height:2.5rem;border:3px solid color-mix(in srgb,var(--ls-brand) 20%,transparent);border-top-color:var(--ls-brand);border-radius:50%;animation:ls-spin 0.6s linear infinite}
@keyframes ls-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.ls-spinner{animation-duration:1.5s}}
.ls-chat-button{position:fixed;right:16px;bottom:16px;z-index:1400;box-shadow:0 4px 12px rgba(0,0,0,0.15)}
.ls-chat-panel{position:fixed;right:16px;bottom:64px;z-index:1400;display:flex;flex-direction:column;width:min(24rem,calc(100vw - 32px));height:min(36rem,calc(100vh - 96px));box-sizing:border-box;overflow:hidden;background:#FFFFFF;border:1px solid var(--ls-border);border-radius:0.5rem;box-shadow:0 20px 25px -5px rgba(0,0,0,0.15)}
.ls-chat-head{display:flex;align-items:center;justify-content:space-between;gap:8px;padding:8px 12px;border-bottom:1px solid var(--ls-border)}
.ls-chat-title{margin:0;font-size:1rem;line-height:1.5rem;font-weight:600}
.ls-chat-failed{margin:0;padding:8px 12px;font-size:0.875rem;color:#7F1D1D;background:#FEF2F2}
.ls-chat-frame{flex:1;width:100%;border:0}
.ls-fallback{max-width:42rem;margin:32px auto;padding:24px;font-family:var(--ls-font);line-height:1.5;color:#7F1D1D;background:#FEF2F2;border:1px solid #FECACA;border-radius:0.375rem}
.ls-fallback h1{margin:0 0 16px;font-size:1.25rem;line-height:1.75rem}
`;

const STYLE_ID = 'leadsmith-frame-styles';

/** Puts the frame's styles in the document once (the CSP allows style elements, not inline script). */
export function installFrameStyles(doc: Document = document): void {
  if (doc.getElementById(STYLE_ID)) return;
  const style = doc.createElement('style');
  style.id = STYLE_ID;
  style.textContent = FRAME_CSS;
  doc.head.appendChild(style);
}

/** The domain's colours as the frame's custom properties (set on the frame, so the first paint has them). */
export function frameBrandStyle(branding: Branding): CSSProperties {
  const c = brandColors(branding);
  return { '--ls-brand': c.primary, '--ls-text': c.text, '--ls-sidebar-bg': c.sidebar } as CSSProperties;
}
