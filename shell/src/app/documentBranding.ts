import type { Branding } from '@leadsmith/shared/core';

const SAFE_ICON = /^(https:\/\/|\/|data:image\/(png|x-icon|svg\+xml|gif|jpeg);)/;

/** The domain's name as the document title and its favicon (https, same-origin or an image data URL only). */
export function applyDocumentBranding(branding: Branding, doc: Document = document): void {
  doc.title = branding.name;
  const icon = doc.getElementById('app-favicon');
  if (icon instanceof HTMLLinkElement && branding.favicon && SAFE_ICON.test(branding.favicon)) icon.href = branding.favicon;
}
